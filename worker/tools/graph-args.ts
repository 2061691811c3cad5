// The knowledge-graph and valid-time arguments of search and find:
// entity_types (alias kind), categories, valid_at, valid_overlaps, time_kind
// (alias time_role). Parsed once into a typed value; refusals are
// invalid_argument errors naming the argument, the value and the rule.
import type { Restriction } from '../query/listing';
import { parseValidTime, validTimeCondition, ValidTimeArgumentError, type ValidTimeQuery } from '../query/valid-time';
import type { ItemType } from '../search/items';
import { argName, describe, type Args } from '../args';
import { toolError } from '../errors';

export const ENTITY_TYPES = ['entity', 'observation', 'relation'] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];

export interface GraphArgs {
  /** What may be returned; ['entity'] is today's search. */
  types: EntityType[];
  categories?: string[];
  validTime: ValidTimeQuery | null;
}

/** Whether a search asks only for notes and files, as before entity types existed. */
export function entitiesOnly(g: GraphArgs): boolean {
  return g.types.length === 1 && g.types[0] === 'entity' && !g.validTime && !g.categories;
}

export function itemTypes(g: GraphArgs): Set<ItemType> {
  return new Set(g.types.filter((t): t is ItemType => t !== 'entity'));
}

export function parseGraphArgs(args: Args): GraphArgs {
  let validTime: ValidTimeQuery | null;
  try {
    validTime = parseValidTime(args, argName(args, 'time_kind'));
  } catch (e) {
    if (e instanceof ValidTimeArgumentError) throw toolError('invalid_argument', e.message, e.path);
    throw e;
  }
  const categories = categoriesArg(args);
  const typesKey = 'entity_types';
  const written = typesArg(args, typesKey);
  const typesName = argName(args, typesKey);
  // A valid-time question or a category is about observations: they are the default answer then.
  const types = written ?? (validTime || categories ? ['observation' as const] : ['entity' as const]);
  if (written && !written.includes('observation')) {
    if (validTime) {
      throw toolError('invalid_argument', `valid_at, valid_overlaps and time_kind are answered by observations (only they carry valid time); ${typesName} ${JSON.stringify(written)} has none. Add "observation" or leave ${typesName} out.`, typesKey);
    }
    if (categories) throw toolError('invalid_argument', `categories selects observations, but ${typesName} ${JSON.stringify(written)} has none. Add "observation" or leave ${typesName} out.`, typesKey);
  }
  return { types, categories, validTime };
}

function typesArg(args: Args, key: string): EntityType[] | undefined {
  const v = args[key];
  if (v === undefined || v === null) return undefined;
  const list = typeof v === 'string' ? [v] : v;
  if (!Array.isArray(list) || !list.length) {
    const name = argName(args, key);
    throw toolError('invalid_argument', `${name} must be one or more of ${ENTITY_TYPES.map((t) => `"${t}"`).join(', ')}; got ${describe(v)}.`, key);
  }
  const out: EntityType[] = [];
  list.forEach((t, i) => {
    const name = typeof t === 'string' ? t.trim().toLowerCase() : t;
    if (typeof name !== 'string' || !(ENTITY_TYPES as readonly string[]).includes(name)) {
      throw toolError('invalid_argument', `${argName(args, key)}[${i}] ${describe(t)} is not an entity type; use ${ENTITY_TYPES.map((x) => `"${x}"`).join(', ')}.`, Array.isArray(v) ? `${key}[${i}]` : key);
    }
    if (!out.includes(name as EntityType)) out.push(name as EntityType);
  });
  return out;
}

function categoriesArg(args: Args): string[] | undefined {
  const v = args.categories;
  if (v === undefined || v === null) return undefined;
  const list = typeof v === 'string' ? v.split(',') : v;
  if (!Array.isArray(list)) throw toolError('invalid_argument', `categories must be a list of observation categories such as ["decision"]; got ${describe(v)}.`, 'categories');
  const out = list.map((c, i) => {
    if (typeof c !== 'string' || !c.trim()) throw toolError('invalid_argument', `categories[${i}] must be a category name such as "decision"; got ${describe(c)}.`, `categories[${i}]`);
    return c.trim();
  });
  if (!out.length) throw toolError('invalid_argument', 'categories is empty; name at least one, e.g. ["decision"], or leave it out.', 'categories');
  return out;
}

/** For find (which lists notes): the notes with at least one observation answering the categories and valid-time question. */
export function answeringNotes(g: GraphArgs): Restriction | null {
  if (!g.validTime && !g.categories) return null;
  const parts: string[] = [];
  const params: (string | number)[] = [];
  if (g.categories) {
    parts.push(`o.category IN (${g.categories.map(() => '?').join(',')})`);
    params.push(...g.categories);
  }
  if (g.validTime) {
    const c = validTimeCondition(g.validTime, 'o', 'assertions');
    parts.push(c.sql);
    params.push(...(c.params as (string | number)[]));
  }
  const sub = `SELECT o.entry_id FROM observations o WHERE ${parts.join(' AND ')}`;
  return { ids: { sql: sub, params }, probe: { sql: `e.id IN (${sub})`, params } };
}
