// Misspelt words: the words of the vault nearest to a query word, for "did
// you mean" when a search finds nothing, and for the fuzzy option
// (Omnisearch's habit), which also matches words one or two edits away.
//
// The text index stores porter stems, so words are compared stem to stem
// ("cnavas" → "cnava" is one transposition from "canva", canvas's stem) and
// the word shown is read back from a note that holds the stem. Candidates
// share the first letter (the index is read for that letter only) and are
// within 1 edit for stems of 4–7 letters, 2 from 8 on; words of 3 letters or
// fewer (and words whose stem is, like "cats") are never corrected.
import type { Db } from '../db/database';
import { normalizeText } from '../text/index-text';
import { porterStem } from '../text/porter';
import { isStopWord } from '../text/stop-words';
import { QUERY_BOUNDS } from './query-syntax';

export const MIN_FUZZY_LENGTH = 4;

/** Edits allowed for a word of this many letters (0: not corrected). */
export function allowedEdits(length: number): number {
  return length < MIN_FUZZY_LENGTH ? 0 : length < 8 ? 1 : 2;
}

/** Optimal string alignment distance: a swap of two neighbours is one edit (cnavas → canvas). */
export function typoDistance(a: string, b: string, max = Infinity): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1][j] + 1, row[j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2][j - 2] + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    rows.push(row);
  }
  return rows[a.length][b.length];
}

/** A plain Latin word that may be corrected: long enough, not a stop word, letters only. */
export function correctable(word: string): boolean {
  return word.length >= MIN_FUZZY_LENGTH && /^[a-z]+$/.test(word) && !isStopWord(word);
}

export interface Variant {
  /** The stem in the index. */
  stem: string;
  distance: number;
  /** Notes holding it. */
  docs: number;
}

function ensureVocab(db: Db): void {
  db.exec("CREATE VIRTUAL TABLE IF NOT EXISTS temp.kioku_fts_vocab USING fts5vocab(main, 'fts', 'row')");
}

/** Whether the index holds this stem. */
export function hasStem(db: Db, stem: string): boolean {
  ensureVocab(db);
  return db.get('SELECT 1 AS x FROM temp.kioku_fts_vocab WHERE term = ?', [stem]) !== undefined;
}

/**
 * The stems of the index within the allowed edits of the word's stem, the
 * word's own stem left out; nearest first, then the most common.
 */
export function nearStems(db: Db, word: string, limit = 5, extraEdits = 0): Variant[] {
  const w = normalizeText(word);
  const stem = porterStem(w);
  // Counted on the stem: "cats" is "cat", too short to correct.
  const allowed = allowedEdits(stem.length);
  if (!allowed || !correctable(w)) return [];
  const max = allowed + extraEdits;
  ensureVocab(db);
  const first = stem[0];
  const next = String.fromCharCode(first.charCodeAt(0) + 1);
  const shared = sharedBigramFilter(stem, max);
  const rows = db.all<{ term: string; doc: number }>(
    `SELECT term, doc FROM temp.kioku_fts_vocab WHERE term >= ? AND term < ? AND length(term) BETWEEN ? AND ?${shared.sql}`,
    [first, next, Math.max(1, stem.length - max), stem.length + max, ...shared.params],
  );
  const out: Variant[] = [];
  for (const r of rows) {
    if (r.term === stem || !/^[a-z]+$/.test(r.term)) continue;
    const d = typoDistance(stem, r.term, max);
    if (d <= max) out.push({ stem: r.term, distance: d, docs: r.doc });
  }
  return out.sort((a, b) => a.distance - b.distance || b.docs - a.docs || (a.stem < b.stem ? -1 : 1)).slice(0, limit);
}

/**
 * A condition every word within `edits` of `stem` meets, checked in SQL so
 * that the letter's other words never reach JavaScript (reading thousands of
 * rows cost more than the look-up itself). An edit breaks at most three of
 * the stem's letter pairs (a swap of neighbours xaby → xbay: xa, ab, by), so a
 * word d edits away keeps at least length - 1 - 3·d of them, and from a
 * length of 3·d + 2 it holds one somewhere. Empty for shorter stems.
 */
export function sharedBigramFilter(stem: string, edits: number): { sql: string; params: string[] } {
  if (stem.length - 1 - 3 * edits < 1) return { sql: '', params: [] };
  const pairs = [...new Set(Array.from({ length: stem.length - 1 }, (_, i) => stem.slice(i, i + 2)))];
  return { sql: ` AND (${pairs.map(() => 'instr(term, ?) > 0').join(' OR ')})`, params: pairs };
}

const WORDS = /[\p{L}\p{N}]+/gu;
const SCAN_CHARS = 200_000;

/**
 * A word as notes write it (lower case) whose stem is `stem`, read from a
 * note that holds it: the form nearest to what was typed, then the most
 * written. Null when none is found.
 */
export function surfaceWord(db: Db, stem: string, typed = stem): string | null {
  // A few notes: one may write only "game" where the typist meant "games".
  const ids = db.column<number>('SELECT rowid FROM fts WHERE fts MATCH ? LIMIT 5', [`"${stem}"`]);
  const counts = new Map<string, number>();
  for (const id of ids) {
    const row = db.get<{ title: string; body: string | null }>(
      'SELECT e.title, CAST(substr(c.body, 1, ?) AS TEXT) AS body FROM entries e LEFT JOIN contents c ON c.entry_id = e.id WHERE e.id = ?',
      [SCAN_CHARS, id],
    );
    if (!row) continue;
    const text = normalizeText(`${row.title}\n${row.body ?? ''}`);
    for (const m of text.matchAll(WORDS)) {
      const word = m[0];
      if (word[0] !== stem[0] || !word.startsWith(stem.slice(0, Math.max(1, stem.length - 2)))) continue;
      if (porterStem(word) === stem) counts.set(word, (counts.get(word) ?? 0) + 1);
    }
  }
  const near = (x: string) => typoDistance(typed, x);
  const best = [...counts].sort((a, b) => near(a[0]) - near(b[0]) || b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0];
  return best ? best[0] : null;
}

export interface Correction {
  from: string;
  to: string;
}

/**
 * "Did you mean": for each word of the query the index does not hold, the
 * nearest word it does hold, for the first QUERY_BOUNDS.maxCorrectedWords
 * such words. Null when no word can be corrected. Stems are only the way to
 * candidates: porter stems a typo apart from its word ("hotkyes" → "hotky",
 * "hotkeys" → "hotkei", two edits), so stems one edit further are looked at
 * and the words shown are compared with the word typed, which they must be
 * within the allowed edits of ("hotkes" is one from "hotkey", three from
 * "hook", whose stem was nearer).
 */
export function suggestCorrections(db: Db, words: readonly string[]): Correction[] | null {
  const out: Correction[] = [];
  let lookups = 0;
  for (const raw of words) {
    const w = normalizeText(raw);
    if (!correctable(w) || hasStem(db, porterStem(w))) continue;
    // Each look-up reads the vocabulary of a whole first letter (15-35 ms on 10,000 notes): 16 made-up words cost 0.6 s.
    if (QUERY_BOUNDS.enabled && ++lookups > QUERY_BOUNDS.maxCorrectedWords) break;
    const to = nearestWord(db, w);
    if (to) out.push({ from: raw, to });
  }
  return out.length ? out : null;
}

/**
 * The word the vault holds that a word it does not hold (`w`, normalised)
 * most likely meant, as notes write it; null when none is within the
 * allowed edits of it (see suggestCorrections).
 */
export function nearestWord(db: Db, w: string): string | null {
  const allowed = allowedEdits(w.length);
  let best: { to: string; distance: number } | null = null;
  // A stem is close to the words it stands for: nearest to what was typed first ("hotkei" before "hook" for "hotkes").
  const near = nearStems(db, w, 12, 1)
    .map((v) => ({ ...v, typed: typoDistance(w, v.stem, 4) }))
    .sort((a, b) => a.typed - b.typed || a.distance - b.distance || b.docs - a.docs)
    .slice(0, 6);
  for (const v of near) {
    const to = surfaceWord(db, v.stem, w);
    if (!to) continue;
    const distance = typoDistance(w, to, allowed);
    // Candidates come nearest stem first, then most common: a tie keeps the earlier.
    if (distance <= allowed && (!best || distance < best.distance)) best = { to, distance };
    if (best?.distance === 1) break;
  }
  return best?.to ?? null;
}
