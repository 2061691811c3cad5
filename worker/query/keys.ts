// Field names in filters: segments joined by dots, each made of letters,
// digits, `_` and `-` (and emoji: key-chars.ts). Basic Memory allows ASCII [A-Za-z0-9_-]+; Kioku also
// allows Unicode letters, digits and combining marks so `状態` works, and
// spaces between words, since Obsidian's properties are often named so
// (`Would rewatch`; its sanitised form `would-rewatch` works too: key-forms.ts).
import { argName, type Args } from '../args';
import { describe, ToolError, toolError } from '../errors';
import { filterError } from './filter-error';
import { KEY_CHARS } from './key-chars';

const SEGMENT = new RegExp(`^[${KEY_CHARS}_-]+(?: +[${KEY_CHARS}_-]+)*$`, 'u');
const CHAR = new RegExp(`^[${KEY_CHARS}_ -]$`, 'u');
const LOGICAL = new Set(['$and', '$or', '$not', '$nor']);

/** The key in the form stored in the fm table (NFC), or a rejection naming the rule. */
export function checkKey(raw: string, path: string, what = 'field name'): string {
  const key = raw.normalize('NFC');
  const rule = `${what}s are letters, digits, emoji, "_", "-" and spaces between words, with dots between nested names (e.g. "schema.version")`;
  if (key === '') throw filterError(`A ${what} is empty; ${rule}.`, path, 'bad_key');
  if (key.startsWith('$')) {
    if (LOGICAL.has(key.toLowerCase())) {
      throw filterError(`${key} is not supported: the fields of a filter are always combined with AND. Write {"a": 1, "b": 2}.`, path, 'bad_key');
    }
    throw filterError(
      `${JSON.stringify(key)} is an operator, not a ${what}; operators go inside a field's condition, e.g. {"score": {"${key}": …}}.`,
      path,
      'bad_key',
    );
  }
  if (key.startsWith('.') || key.endsWith('.')) throw filterError(`The ${what} ${JSON.stringify(key)} starts or ends with a dot; ${rule}.`, path, 'bad_key');
  if (key.includes('..')) throw filterError(`The ${what} ${JSON.stringify(key)} has two dots in a row; ${rule}.`, path, 'bad_key');
  for (const seg of key.split('.')) {
    if (SEGMENT.test(seg)) continue;
    const bad = [...seg].find((ch) => !CHAR.test(ch));
    if (bad === undefined) throw filterError(`The ${what} ${JSON.stringify(key)} starts or ends a name with a space; ${rule}.`, path, 'bad_key');
    const named = /\s/u.test(bad) ? 'a tab or line break' : bad === '$' ? '"$"' : JSON.stringify(bad);
    throw filterError(`The ${what} ${JSON.stringify(key)} contains ${named}; ${rule}.`, path, 'bad_key');
  }
  return key;
}

/** The key whose values are compared case-insensitively (as Obsidian does). */
export const TAGS_KEY = 'tags';

const MAX_FIELDS = 50;

/**
 * The `fields` argument of search and find (one rule for both): a list of
 * field names or a comma-separated string, each following the key rules
 * above, at most 50, duplicates dropped; undefined when not given.
 */
export function readFieldList(args: Args, name = 'fields'): string[] | undefined {
  const v = args[name];
  const key = argName(args, name);
  if (v === undefined || v === null) return undefined;
  const list = typeof v === 'string' ? v.split(',').map((s) => s.trim()).filter(Boolean) : v;
  if (!Array.isArray(list)) throw toolError('invalid_argument', `${key} must be a list of field names; got ${describe(v)}.`, key);
  if (list.length > MAX_FIELDS) throw toolError('invalid_argument', `${key} may name at most ${MAX_FIELDS} fields; got ${list.length}.`, key);
  return [...new Set(list.map((f, i) => fieldName(f, `${key}[${i}]`)))];
}

/** A field name in arguments (fields, sort) follows the filter language's key rules, reported as an argument error. */
export function fieldName(v: unknown, path: string): string {
  if (typeof v !== 'string') throw toolError('invalid_argument', `${path} must be a field name (a string); got ${describe(v)}.`, path);
  try {
    return checkKey(v, path);
  } catch (e) {
    if (e instanceof ToolError) throw toolError('invalid_argument', e.message, path);
    throw e;
  }
}
