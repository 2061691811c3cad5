// A normalised copy of a text (NFKC, lower case) with offsets that map back
// to the original. NFKC changes lengths ("…" → "...", "ｶﾞ" → "ガ", "㍿" →
// "株式会社"), so positions found in the copy must be translated before the
// original is cut. The copy is made natively in one call; the map is built
// lazily: whole chunks are skipped by their normalised length, and only the
// chunk holding a wanted position is walked character by character.
import { normalizeText } from '../text/index-text';

const LATIN_ACCENTED = /[\u00C0-\u024F\u1E00-\u1EFF]/g;

/**
 * The form words are compared in: NFKC, lower case, and Latin letters
 * without diacritics (the index's remove_diacritics does the same, so "cafe"
 * marks "café"). Kana keep their voicing marks.
 */
export function searchForm(s: string): string {
  const n = normalizeText(s);
  return /[\u00C0-\u024F\u1E00-\u1EFF]/.test(n) ? n.replace(LATIN_ACCENTED, (ch) => ch.normalize('NFD').replace(/\p{M}+/gu, '') || ch) : n;
}

const CHUNK = 1024;
const NON_ASCII = /[^\x00-\x7f]/;

/**
 * searchForm(cluster).length, remembered: a note's non-ASCII characters
 * repeat (é, —, ’, kana), and normalising each one again was most of the
 * walk's time (CPU profile of the keyword benchmark, docs/search-text.md).
 */
const formLengths = new Map<string, number>();
function formLength(cluster: string): number {
  let n = formLengths.get(cluster);
  if (n === undefined) {
    n = searchForm(cluster).length;
    if (formLengths.size >= 4096) formLengths.clear();
    formLengths.set(cluster, n);
  }
  return n;
}

/** Before these characters the text can be cut without changing its normal form. */
function isSafeCut(code: number): boolean {
  return code < 0x80 || (code >= 0x4e00 && code <= 0x9fff) || (code >= 0x3041 && code <= 0x3096) || (code >= 0x30a1 && code <= 0x30fa);
}

/** Characters that attach to the one before when normalised (combining marks, half-width voicing marks). */
const ATTACHES = /[\p{M}\uFF9E\uFF9F]/u;
/** No mark (\p{M}) lies below U+0300: most characters of a note need no regex test. */
const FIRST_MARK = 0x300;

export class NormalizedText {
  readonly text: string;
  private readonly identity: boolean;
  /** Chunk starts: raw offset and normalised offset, ascending. */
  private readonly rawStarts: number[] = [0];
  private readonly normStarts: number[] = [0];
  /**
   * Where the last walk stopped: chunk k, raw and normalised offsets of a
   * character start. A later position in the same chunk is walked on from
   * there, not from the chunk start: a snippet asks for its window's start
   * and end, then each of its hits, mostly in ascending order.
   */
  private last = { chunk: -1, raw: 0, norm: 0 };

  constructor(readonly raw: string) {
    // ASCII lower-casing never changes length, and NFKC leaves ASCII as it is (nor are there accents to strip).
    this.identity = !NON_ASCII.test(raw);
    this.text = this.identity ? raw.toLowerCase() : searchForm(raw);
  }

  /** The offset in the original text of normalised offset `pos` (the start of the character holding it). */
  toRaw(pos: number): number {
    if (this.identity) return Math.min(pos, this.raw.length);
    if (pos >= this.text.length) return this.raw.length;
    // Extend chunk boundaries until one passes pos.
    while (this.normStarts[this.normStarts.length - 1] <= pos && this.rawStarts[this.rawStarts.length - 1] < this.raw.length) this.addChunk();
    let k = this.normStarts.length - 1;
    while (k > 0 && this.normStarts[k] > pos) k--;
    // The walk from the chunk start passes through the last stop on its way to a later position: starting there gives the same answer.
    const from = this.last.chunk === k && this.last.norm <= pos ? this.last : { raw: this.rawStarts[k], norm: this.normStarts[k] };
    return this.walk(k, from.raw, from.norm, pos);
  }

  private addChunk(): void {
    const from = this.rawStarts[this.rawStarts.length - 1];
    let to = Math.min(this.raw.length, from + CHUNK);
    const limit = Math.min(this.raw.length, to + 64);
    while (to < limit && !isSafeCut(this.raw.charCodeAt(to))) to++;
    this.rawStarts.push(to);
    const chunk = this.raw.slice(from, to);
    this.normStarts.push(this.normStarts[this.normStarts.length - 1] + (NON_ASCII.test(chunk) ? searchForm(chunk).length : chunk.length));
  }

  /** Character clusters from a chunk start until the one whose normalised form holds pos. */
  private walk(chunk: number, raw: number, norm: number, pos: number): number {
    const s = this.raw;
    while (raw < s.length) {
      let next = raw + (s.codePointAt(raw)! > 0xffff ? 2 : 1);
      while (next < s.length && s.charCodeAt(next) >= FIRST_MARK && ATTACHES.test(s[next])) next++;
      const len = s.charCodeAt(raw) < 0x80 && next === raw + 1 ? 1 : formLength(s.slice(raw, next));
      if (norm + len > pos) {
        this.last = { chunk, raw, norm };
        return raw;
      }
      norm += len;
      raw = next;
    }
    return s.length;
  }
}
