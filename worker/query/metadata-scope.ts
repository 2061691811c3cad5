// Everything a search or find call says about metadata, as one condition:
// `filters` (alias `metadata_filters`), the `tags` and `status` shortcuts and
// `tag:` tokens in the text query.
//
// Merge rules: `tags` and `status` apply only where `filters` does not set
// that key (an explicit filter wins). `tag:` tokens are unioned with `tags`;
// when `filters` sets tags itself, the tokens still apply, ANDed with it,
// because they are part of what the user typed.
import type { FieldCondition, FilterAst } from './ast';
import { compileAst, conditionSql, probeSql, type CompiledFilter } from './compile';
import { OPERATORS } from './operators';
import { extractTagTokens, readStatusArg, readTagsArg } from './shortcuts';
import type { SqlCondition } from './sql';
import type { Db } from '../db/database';
import { withKeyForms, withoutEmptyRowSets } from './plan';
import { checkSize, filterObject, isPlainObject, validateFilter } from './validate';
import { TAGS_KEY } from './keys';
import { toolError } from '../errors';
import { argName, type Args } from '../args';
import { AFTER_DATE_FIELD, afterDateBound } from './after-date';

/** The metadata arguments of a search or find call, read once when the call is parsed. */
export interface MetadataArgs {
  /** The filter as given (an object or JSON text); undefined when none. */
  filters?: unknown;
  /** The name the caller wrote for it (`filters` or `metadata_filters`), for error paths. */
  filtersKey: string;
  tags: string[];
  status: string | null;
  /** after_date (search): the lower bound on file.mtime it means, and the name the caller wrote. */
  after?: { bound: string; key: string };
}

/** filters / tags / status from (canonical) arguments; the shortcuts are checked here. */
export function readMetadataArgs(args: Args, now = Date.now()): MetadataArgs {
  const meta: MetadataArgs = { filters: args.filters ?? undefined, filtersKey: argName(args, 'filters'), tags: readTagsArg(args.tags), status: readStatusArg(args.status) };
  if (args.after_date !== undefined && args.after_date !== null) {
    const key = argName(args, 'after_date');
    meta.after = { bound: afterDateBound(args.after_date, key, now), key };
  }
  return meta;
}

export interface MetadataScope {
  /** The query text with tag: tokens removed (trimmed). */
  text: string;
  /** The merged filter (filters + tags + status + tag:), for echoing back and for the UI; null when empty. */
  filter: Record<string, unknown> | null;
  /** null when there is no metadata condition; otherwise selects notes only (never files): `e.id IN (…)`. */
  condition: SqlCondition | null;
  /**
   * The same selection as per-note EXISTS checks (with e.kind = 'note'). Cheaper
   * than `condition` when the query already visits few notes (a page of text
   * hits, a walk in path order); `condition` materialises the whole set once.
   */
  probe: SqlCondition | null;
  /** The compiled arms, for listings that intersect them with other sets (worker/query/listing.ts). */
  compiled: CompiledFilter;
}

export function metadataScope(meta: MetadataArgs, query: string | undefined | null): MetadataScope {
  const base = meta.filtersKey;
  const given = filterObject(meta.filters, base);
  const ast = validateFilter(given, base);
  const merged: Record<string, unknown> = { ...(given ?? {}) };
  const sets = (key: string) => ast.fields.some((f) => f.key === key);

  const tagsArg = meta.tags;
  const status = meta.status;
  const tokens = extractTagTokens(query);

  if (!sets(TAGS_KEY)) {
    const all = [...tagsArg, ...tokens.tags.filter((t) => !tagsArg.includes(t))];
    if (all.length) {
      merged[TAGS_KEY] = all;
      ast.fields.push(tagsCondition(all, tagsArg.length ? 'tags' : 'query'));
    }
  } else if (tokens.tags.length) {
    const written = Object.keys(merged).find((k) => k.normalize('NFC') === TAGS_KEY)!;
    merged[written] = withAllTags(merged[written], tokens.tags);
    ast.fields.push(tagsCondition(tokens.tags, 'query'));
  }
  // tag:a OR tag:b and -tag:a: $in and $nin on tags, beside whatever else states tags.
  for (const [op, list] of [['$in', tokens.anyOf], ['$nin', tokens.none]] as const) {
    if (!list?.length) continue;
    const written = Object.keys(merged).find((k) => k.normalize('NFC') === TAGS_KEY) ?? TAGS_KEY;
    merged[written] = withTagOperator(merged[written], op, list);
    ast.fields.push({ key: TAGS_KEY, path: 'query', tests: [OPERATORS[op].validate(list, { key: TAGS_KEY, path: 'query', written: 'tags' })] });
  }
  if (status !== null && !sets('status')) {
    merged.status = status;
    ast.fields.push({ key: 'status', path: 'status', tests: [OPERATORS.$eq.validate(status, { key: 'status', path: 'status', written: 'status' })] });
  }
  // after_date: ANDed with whatever the filter says about file.mtime, and echoed in the same key.
  if (meta.after) {
    const { bound, key } = meta.after;
    merged[AFTER_DATE_FIELD] = withLowerBound(merged[AFTER_DATE_FIELD], bound, key);
    ast.fields.push({ key: AFTER_DATE_FIELD, path: key, tests: [OPERATORS.$gte.validate(bound, { key: AFTER_DATE_FIELD, path: key, written: '$gte' })] });
  }
  checkSize(ast);
  const compiled = compileAst(ast);
  return {
    text: tokens.text,
    filter: Object.keys(merged).length ? merged : null,
    condition: conditionSql(compiled),
    probe: probeSql(compiled),
    compiled,
  };
}

/** The scope with its keys resolved against the database (plan.ts withKeyForms) and its filter's empty rare row sets left out (withoutEmptyRowSets), its SQL forms rebuilt. */
export function withoutEmptyTagNesting(db: Db, meta: MetadataScope): MetadataScope {
  const compiled = withoutEmptyRowSets(db, withKeyForms(db, meta.compiled));
  if (compiled === meta.compiled) return meta;
  return { ...meta, compiled, condition: conditionSql(compiled), probe: probeSql(compiled) };
}

/** The filter language alone: a filter object or JSON text → a condition over `e`, or null when empty. */
export function compileFilter(filter: unknown, path = 'filters'): SqlCondition | null {
  return conditionSql(compileAst(validateFilter(filter, path)));
}

function tagsCondition(tags: string[], path: string): FieldCondition {
  return { key: TAGS_KEY, path, tests: [OPERATORS.$all.validate(tags, { key: TAGS_KEY, path, written: 'tags' })] };
}

/** The tags condition with `$in` or `$nin` from the query added, in the language's own JSON. */
function withTagOperator(existing: unknown, op: '$in' | '$nin', tags: string[]): unknown {
  if (existing === undefined) return { [op]: tags };
  if (Array.isArray(existing)) return { $all: existing, [op]: tags };
  if (existing === null) return { $exists: false, [op]: tags };
  if (!isPlainObject(existing)) return { $eq: existing, [op]: tags };
  const key = [op, op.slice(1)].find((k) => k in existing);
  if (!key) return { ...existing, [op]: tags };
  if (op === '$nin') {
    const prev = existing[key] as unknown[];
    return { ...existing, [key]: [...prev, ...tags.filter((t) => !prev.includes(t))] };
  }
  // Two "any of" lists cannot be one: the echoed filter must say exactly what ran.
  throw toolError('invalid_argument', 'The filter already gives tags an $in list; tag alternatives in the query (tag:a OR tag:b) would need a second one. Put them in one place.', 'query');
}

/** A file.mtime condition with after_date's $gte added, in the language's own JSON. */
function withLowerBound(existing: unknown, bound: string, key: string): unknown {
  if (existing === undefined) return { $gte: bound };
  if (existing === null) return { $exists: false, $gte: bound };
  if (!isPlainObject(existing)) return { $eq: existing, $gte: bound };
  if ('$gte' in existing || 'gte' in existing) {
    throw toolError('invalid_argument', `The filter already gives ${AFTER_DATE_FIELD} a $gte; ${key} would be a second one. Give the date in one place.`, key);
  }
  return { ...existing, $gte: bound };
}

/** The user's tags condition with tag: tokens added, in the language's own JSON. */
function withAllTags(existing: unknown, tokens: string[]): unknown {
  if (Array.isArray(existing)) return [...existing, ...tokens.filter((t) => !existing.includes(t))];
  if (existing === null) return { $exists: false, $all: tokens };
  if (!isPlainObject(existing)) return { $eq: existing, $all: tokens };
  const allKey = ['$all', 'all'].find((k) => k in existing);
  if (!allKey) return { ...existing, $all: tokens };
  const prev = existing[allKey] as unknown[];
  return { ...existing, [allKey]: [...prev, ...tokens.filter((t) => !prev.includes(t))] };
}
