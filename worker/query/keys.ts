// Field names in filters: segments joined by dots, each made of letters,
// digits, `_` and `-`. Basic Memory allows ASCII [A-Za-z0-9_-]+; Kioku also
// allows Unicode letters, digits and combining marks so `状態` works.
import { filterError } from './filter-error';

const SEGMENT = /^[\p{L}\p{N}\p{M}_-]+$/u;
const LOGICAL = new Set(['$and', '$or', '$not', '$nor']);

/** The key in the form stored in the fm table (NFC), or a rejection naming the rule. */
export function checkKey(raw: string, path: string, what = 'field name'): string {
  const key = raw.normalize('NFC');
  const rule = `${what}s are letters, digits, "_" and "-", with dots between nested names (e.g. "schema.version")`;
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
    const bad = [...seg].find((ch) => !SEGMENT.test(ch))!;
    const named = /\s/u.test(bad) ? 'a space' : bad === '$' ? '"$"' : JSON.stringify(bad);
    throw filterError(`The ${what} ${JSON.stringify(key)} contains ${named}; ${rule}.`, path, 'bad_key');
  }
  return key;
}

/** The key whose values are compared case-insensitively (as Obsidian does). */
export const TAGS_KEY = 'tags';
