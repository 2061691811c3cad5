// The find tool: notes selected by the filter language, as rows of typed
// frontmatter values (a table), sortable by any field, with an exact total.
// Values come from the stored frontmatter; note bodies are never read.
import { fileField, fileFieldValues } from '../query/file-fields';
import type { FmValue } from '../ingest/frontmatter';
import type { CompiledFilter } from '../query/compile';
import { effectiveFrontmatter, valueAt } from '../query/field-values';
import { inlineFieldValues } from '../query/inline-field-values';
import { fieldForms, resolvedValue } from '../query/key-forms';
import { fieldName, readFieldList } from '../query/keys';
import { listNotes, type Restriction, type SortKey } from '../query/listing';
import { pathRestrictions } from '../search/list';
import { anyHidden } from '../team/sql';
import type { PathRange } from '../search/path-rules';
import { linkSelections, readScope } from '../search/scope';
import { unknownKeyNotice } from '../query/unknown-keys';
import { everyWordRestriction } from '../search/text';
import { boundPrefixExpansion } from '../search/prefix-bound';
import { parseQuery } from '../search/query-syntax';
import { takeOperators, unsupportedNotice } from '../search/operators';
import { describe, optInt, optString, type Args } from '../args';
import { defineTool } from './define';
import { answeringNotes, parseGraphArgs } from './graph-args';
import { toolError } from '../errors';
import { resolveVault } from '../resolve';

export interface FindRow {
  id: string;
  vault: string;
  path: string;
  title: string;
  fields: Record<string, FmValue>;
}

export interface FindResult {
  results: FindRow[];
  total: number;
  page: number;
  page_size: number;
  has_more: boolean;
  /** The query was cut to its cost bounds (prefix expansion, word count): what was changed. */
  notice?: string;
  notice_code?: 'query_bounded' | 'query_operator_unsupported' | 'filter_key_unknown';
  /** A valid-time argument was applied (absent otherwise). */
  temporal_applied?: true;
}

interface FindInput {
  filter: CompiledFilter;
  text: string;
  fields: string[];
  sort: SortKey[];
  vault?: string;
  vaultKey: string;
  folder?: string;
  range?: PathRange;
  linksTo?: string;
  linkedFrom?: string;
  page: number;
  pageSize: number;
  /** Notes with an observation answering categories / the valid-time question. */
  answering: Restriction | null;
  temporal: boolean;
}

const MAX_SORT = 5;

export const findTool = defineTool<FindInput, FindResult>({
  name: 'find',
  aliases: ['bm_find'],
  description: 'Lists the notes matching a frontmatter filter as a table of typed field values, sortable by any field, with an exact total.',
  params: [
    { name: 'filters', type: 'object | string', aliases: ['metadata_filters'], description: 'The filter, e.g. {"status": "active", "confidence": {"$gt": 0.7}}. Omit it to list every note. See README "Filter language".' },
    { name: 'fields', type: 'string[]', description: 'Frontmatter fields (and Dataview inline fields; the frontmatter wins a clash) to return for each note (dotted paths for nested keys); values keep their types, null where missing.' },
    { name: 'sort', type: '[{field, order}]', description: 'Sort by fields, order "asc" (default) or "desc"; missing values last; numbers, then text (case-insensitive), then booleans. Default: by path.' },
    { name: 'query', type: 'string', description: 'Optional text the notes must contain; tag:x tokens in it become tag filters, and Obsidian\'s file:, path:, content: operators narrow as in search.' },
    { name: 'tags', type: 'string[] | string', description: 'Notes having all these tags (list or comma-separated); ignored when filters sets "tags".' },
    { name: 'status', type: 'string', description: 'Notes with this status; ignored when filters sets "status".' },
    { name: 'vault', type: 'string', aliases: ['project'], description: 'One vault; default all.' },
    { name: 'folder', type: 'string', description: 'Only notes directly inside this vault-relative folder, not its subfolders ("" for the root).' },
    { name: 'path_prefix', type: 'string', description: 'Only notes under this vault-relative folder and its subfolders; ends with "/", e.g. "specs/".' },
    { name: 'links_to', type: 'string', description: 'Only notes that link to this note (its path, title or permalink, or [[Name]] as written in a note), as Dataview\'s FROM [[Name]]; a link another note answers to as well counts when it resolves to this one.' },
    { name: 'linked_from', type: 'string', description: 'Only the notes and files this note links to (each link resolved as a click on it would be), as Dataview\'s FROM outgoing([[Name]]).' },
    { name: 'page', type: 'integer', description: 'Page number, from 1.' },
    { name: 'page_size', type: 'integer', aliases: ['limit'], description: 'Rows per page, 1 to 1000 (default 50).' },
    // Valid time (issue 13): notes with at least one observation that answers.
    { name: 'valid_at', type: 'string', description: 'Notes with an observation whose temporal qualifier holds at this date or RFC 3339 instant. Not with valid_overlaps.' },
    { name: 'valid_overlaps', type: 'string', description: 'Notes with an observation valid at some time in this range, e.g. "[2026-06-01,2026-08-01)".' },
    { name: 'time_kind', type: 'string', aliases: ['time_role'], description: 'Only assertions of this kind: "valid", "effective", "occurred", "due", "mentioned".' },
    { name: 'categories', type: 'string[]', description: 'Notes with an observation of one of these categories (and, with a valid-time argument, that observation answers it).' },
  ],
  examples: [
    { filters: { status: 'active', confidence: { $gt: 0.7 } }, fields: ['status', 'confidence', 'tags'], sort: [{ field: 'confidence', order: 'desc' }] },
    { filters: '{"ms.topic": "article", "ms.date": {"$gte": "01/01/2021"}}', fields: ['ms.author', 'ms.date'] },
    { query: 'tag:project', fields: ['started', 'owner'], sort: [{ field: 'started' }] },
  ],
  parse(args) {
    const scope = readScope(args, optString(args, 'query'));
    const graph = parseGraphArgs(args);
    return {
      answering: answeringNotes(graph),
      temporal: graph.validTime !== null,
      filter: scope.metadata.compiled,
      text: scope.metadata.text,
      fields: readFieldList(args) ?? [],
      sort: sortArg(args),
      vault: scope.vault,
      vaultKey: scope.vaultKey,
      folder: scope.folder,
      range: scope.range,
      linksTo: scope.linksTo,
      linkedFrom: scope.linkedFrom,
      page: optInt(args, 'page', 1, 1_000_000, 1),
      pageSize: optInt(args, 'page_size', 1, 1000, 50),
    };
  },
  run({ db }, input) {
    const vault = resolveVault(db, input.vault, input.vaultKey);
    // Obsidian's file:, path:, content: narrow as in search; find does not rank, so their words are not required again.
    const ops = takeOperators(input.text);
    const opRestrictions = ops.conditions.map((c) => ({ ids: { sql: `SELECT e.id FROM entries e WHERE ${c.sql}`, params: c.params }, probe: c }));
    const linked = linkSelections(db, input, vault).map((ids) => ({
      ids: { sql: 'SELECT value FROM json_each(?)', params: [ids] },
      probe: { sql: 'e.id IN (SELECT value FROM json_each(?))', params: [ids] },
    }));
    // The same bounds as search: a prefix that starts too many words is matched as the word.
    const query = boundPrefixExpansion(db, parseQuery(ops.plain));
    const text = everyWordRestriction(query);
    const { rows, total } = listNotes(db, {
      filter: input.filter,
      vaultId: vault?.id,
      extra: [...pathRestrictions(input.folder, input.range, anyHidden(db, vault?.id)), ...(text ? [text] : []), ...opRestrictions, ...linked, ...(input.answering ? [input.answering] : [])],
      sort: input.sort,
      page: input.page,
      pageSize: input.pageSize,
    });
    const files = fileFieldValues(db, rows.map((r) => r.id), input.fields);
    const asked = fieldForms(db, input.fields);
    const inline = inlineFieldValues(db, rows.map((r) => r.id), asked.read);
    const unknownKey = total === 0 ? unknownKeyNotice(db, input.filter) : null;
    return {
      results: rows.map((r) => {
        const fm = input.fields.length ? effectiveFrontmatter(r) : {};
        const fields: Record<string, FmValue> = {};
        // A file.* name is the file field, never a frontmatter map called file.
        for (const f of input.fields) {
          fields[f] = (fileField(f) ? files.get(r.id)?.[f] : resolvedValue(f, asked.forms.get(f)!, (k) => valueAt(fm, k) ?? inline.get(r.id)?.[k])) ?? null;
        }
        return { id: `${r.vault}:${r.path}`, vault: r.vault, path: r.path, title: r.title, fields };
      }),
      total,
      page: input.page,
      page_size: input.pageSize,
      has_more: input.page * input.pageSize < total,
      ...(unknownKey
        ? unknownKey
        : query.bounded?.length
          ? { notice: query.bounded.join(' '), notice_code: 'query_bounded' as const }
          : ops.unsupported.length
            ? { notice: unsupportedNotice(ops.unsupported), notice_code: 'query_operator_unsupported' as const }
            : {}),
      ...(input.temporal ? { temporal_applied: true as const } : {}),
    };
  },
});

function sortArg(args: Args): SortKey[] {
  const v = args.sort;
  if (v === undefined || v === null) return [];
  const list = Array.isArray(v) ? v : [v];
  if (list.length > MAX_SORT) throw toolError('invalid_argument', `sort may have at most ${MAX_SORT} fields; got ${list.length}.`, 'sort');
  return list.map((s, i) => {
    const path = `sort[${i}]`;
    if (typeof s === 'string') return { field: fieldName(s, path), order: 'asc' as const };
    if (typeof s !== 'object' || s === null || Array.isArray(s)) {
      throw toolError('invalid_argument', `${path} must be {"field": name, "order": "asc" | "desc"}; got ${describe(s)}.`, path);
    }
    const { field, order = 'asc', ...rest } = s as Record<string, unknown>;
    const extra = Object.keys(rest)[0];
    if (extra !== undefined) throw toolError('invalid_argument', `${path} has an unknown key "${extra}"; use {"field": name, "order": "asc" | "desc"}.`, `${path}.${extra}`);
    if (order !== 'asc' && order !== 'desc') throw toolError('invalid_argument', `${path}.order must be "asc" or "desc"; got ${describe(order)}.`, `${path}.order`);
    return { field: fieldName(field, `${path}.field`), order };
  });
}

