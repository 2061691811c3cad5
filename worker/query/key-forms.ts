// Dataview makes every field available under its written name and under a
// sanitised one (canonicalizeVarName: lower case, blanks → "-", other
// punctuation dropped), so `Rating` is also `rating` and `Would rewatch` also
// `would-rewatch`. Kioku keeps keys as written and resolves at query time: a
// key asked for (filter, `fields`, sort) also answers through every stored
// key with the same sanitised form. Per note, the asked key itself wins when
// the note has a value under it; otherwise the note's values under all those
// siblings count together, as Dataview merges them into one list.
import type { Db, SqlValue } from '../db/database';
import type { FmValue } from '../ingest/frontmatter';
import { TAGS_KEY } from './keys';
import { notKeyChars } from './key-chars';
import { cond, type SqlCondition } from './sql';

const NOT_KEY = notKeyChars('_-');

/** Dataview's sanitised form of a key, dot segment by dot segment (dots name nested maps here). */
export function sanitizeKey(key: string): string {
  return key
    .split('.')
    .map((seg) => seg.toLowerCase().replace(/\s+/gu, '-').replace(NOT_KEY, ''))
    .join('.');
}

export interface KeyForms {
  /** Some note stores the key exactly as asked. */
  stored: boolean;
  /** Other stored keys with the same sanitised form, in code point order. */
  siblings: string[];
}

const NONE: KeyForms = { stored: true, siblings: [] };

interface StoredKeys {
  keys: Set<string>;
  bySanitized: Map<string, string[]>;
}

/** The distinct keys of fm, read once per change of the database (a skip over the key index: one seek per key). */
const cache = new WeakMap<Db, { changes: string; stored: StoredKeys }>();

function storedKeys(db: Db): StoredKeys {
  const changes = db.changeMark();
  const hit = cache.get(db);
  if (hit && hit.changes === changes) return hit.stored;
  const keys = db.column<string>(
    `WITH RECURSIVE k(key) AS (SELECT min(key) FROM fm UNION ALL SELECT (SELECT min(key) FROM fm WHERE key > k.key) FROM k WHERE k.key IS NOT NULL)
     SELECT key FROM k WHERE key IS NOT NULL`,
  );
  const bySanitized = new Map<string, string[]>();
  for (const key of keys) {
    const s = sanitizeKey(key);
    const list = bySanitized.get(s);
    if (list) list.push(key);
    else bySanitized.set(s, [key]);
  }
  const stored = { keys: new Set(keys), bySanitized };
  cache.set(db, { changes, stored });
  return stored;
}

/** Every key some note stores, in code point order. */
export function storedKeyList(db: Db): string[] {
  return [...storedKeys(db).keys];
}

/** How a key asked for resolves; tags and Dataview's file.* fields have sources of their own and never do. */
export function keyForms(db: Db, key: string): KeyForms {
  if (key === TAGS_KEY || key.startsWith('file.')) return NONE;
  const stored = storedKeys(db);
  const same = stored.bySanitized.get(sanitizeKey(key)) ?? [];
  return { stored: stored.keys.has(key), siblings: same.filter((k) => k !== key) };
}

/** Notes with a value under `key` (a value row: lists have one per element); their own value wins over a sibling's. */
export function withoutOwnValue(key: string): SqlCondition {
  return cond("entry_id NOT IN (SELECT entry_id FROM fm WHERE key = ? AND t IN ('str', 'num', 'bool'))", [key] as SqlValue[]);
}

/**
 * The value of `key` for one note, given how it reads one key's value
 * (undefined when absent): its own when it has one, else its siblings'
 * values, one as is, several merged into a list.
 */
export function resolvedValue(key: string, forms: KeyForms, read: (k: string) => FmValue | undefined): FmValue | undefined {
  const own = read(key);
  if ((own !== undefined && own !== null) || !forms.siblings.length) return own;
  const found = forms.siblings.map(read).filter((v): v is FmValue => v !== undefined && v !== null);
  if (found.length === 0) return own;
  if (found.length === 1) return found[0];
  return found.flatMap((v) => (Array.isArray(v) ? v : [v]));
}

/** The `fields` asked for, each with its forms, and every key to read values of (the asked ones and their siblings). */
export function fieldForms(db: Db, fields: readonly string[]): { forms: Map<string, KeyForms>; read: string[] } {
  const forms = new Map(fields.map((f) => [f, keyForms(db, f)]));
  return { forms, read: [...new Set([...fields, ...[...forms.values()].flatMap((f) => f.siblings)])] };
}
