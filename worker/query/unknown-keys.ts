// A filter on a field no note has (`pages` where the vault says `totalPages`)
// answers nothing, and nothing says why. When a filtered search or find finds
// nothing, the keys no note holds in any form are named, with the stored keys
// nearest to each: the notice the UI and agents show beside the empty answer.
import type { Db } from '../db/database';
import { editDistance } from '../text/edit-distance';
import type { CompiledFilter } from './compile';
import { keyForms, sanitizeKey, storedKeyList } from './key-forms';

/** The filter's keys no note stores (as asked, or under a Dataview sibling, or as a map above nested keys). */
export function unknownKeys(db: Db, filter: CompiledFilter | undefined): string[] {
  const keys = [...new Set((filter?.ast?.fields ?? []).map((f) => f.key))];
  const stored = storedKeyList(db);
  return keys.filter((key) => {
    const forms = keyForms(db, key);
    if (forms.stored || forms.siblings.length) return false;
    const under = sanitizeKey(key) + '.';
    return !stored.some((k) => sanitizeKey(k).startsWith(under));
  });
}

/** Up to three stored keys most like `key`: the same letters in another case or spelling, one holding the other, or a few edits away. */
export function nearKeys(db: Db, key: string): string[] {
  const want = sanitizeKey(key).replace(/[-_]/g, '');
  const scored: { key: string; d: number }[] = [];
  for (const k of storedKeyList(db)) {
    const have = sanitizeKey(k).replace(/[-_]/g, '');
    const holds = Math.min(have.length, want.length) >= 3 && (have.includes(want) || want.includes(have));
    const d = holds ? Math.abs(have.length - want.length) / 100 : editDistance(want, have);
    // One edit for a short name ("tags" is two from "pages"), two from six letters on.
    if (d <= (want.length < 6 ? 1 : 2)) scored.push({ key: k, d });
  }
  return scored.sort((a, b) => a.d - b.d || (a.key < b.key ? -1 : 1)).slice(0, 3).map((s) => s.key);
}

/** The notice for an empty answer to a filter naming such keys; null when every key is stored. */
export function unknownKeyNotice(db: Db, filter: CompiledFilter | undefined): { notice: string; notice_code: 'filter_key_unknown' } | null {
  const unknown = unknownKeys(db, filter);
  if (!unknown.length) return null;
  const parts = unknown.map((key) => {
    const near = nearKeys(db, key);
    return `no note has a field ${JSON.stringify(key)}${near.length ? ` (did you mean ${near.map((k) => JSON.stringify(k)).join(' or ')}?)` : ''}`;
  });
  return {
    notice: `Nothing matches: ${parts.join('; ')}. Field names are those of the notes' frontmatter and inline fields; the fields tool lists them.`,
    notice_code: 'filter_key_unknown',
  };
}
