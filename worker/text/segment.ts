// Word segmentation of query text typed without spaces (Japanese, Chinese).
// Only queries are segmented: the index keeps bigrams, which find any word
// however a dictionary would cut the sentence (docs/search-text.md).
import { hasCjk } from './index-text';
import { isStopWord } from './stop-words';

let segmenter: Intl.Segmenter | null = null;

/** Hiragana that are particles or the copula between words, never okurigana. */
const PARTICLES = /^(?:[のをはがにでともへやか]|から|まで|より|など|だ|です)$/u;
const HIRAGANA_ONLY = /^[\p{Script=Hiragana}ー]+$/u;
const KATAKANA_ONLY = /^[\p{Script=Katakana}ー]+$/u;

interface Piece {
  text: string;
  start: number;
  end: number;
}

export interface Segmented {
  /** Content words: every one should be in a good match. */
  words: string[];
  /** Hiragana words (まとめる, について): they help ranking but are not required. */
  soft: string[];
}

/**
 * The words of a piece of text as a reader would split it: "検索エンジンの設計"
 * → 検索, エンジン, 設計. One-character hiragana segments (particles の, を,
 * は) and function words (stop-words.ts) are dropped and other hiragana words
 * are soft, when the text has other words. A one-character kanji segment is joined to its neighbour (the
 * dictionary cuts 仕入先 into 仕|入|先), and adjacent katakana segments stay
 * one word (the dictionary cuts unknown loanwords at random: チャネルナビゲ|ーション).
 * Text that yields no word comes back whole.
 */
export function segmentWords(typed: string): Segmented {
  segmenter ??= new Intl.Segmenter('ja', { granularity: 'word' });
  // In the index's form first: half-width ﾌﾟ is two characters (ﾌ + ﾟ) that the
  // dictionary would cut apart, where NFKC makes them the one プ the notes hold.
  const text = typed.normalize('NFKC');
  const pieces: Piece[] = [];
  for (const s of segmenter.segment(text)) {
    if (s.isWordLike) pieces.push({ text: s.segment, start: s.index, end: s.index + s.segment.length });
  }
  const content = pieces.filter((p) => !HIRAGANA_ONLY.test(p.text));
  // Hiragana alone: the dictionary cuts words it does not know into single kana (ぷらぐいん → ぷ|ら|ぐ|い|ん),
  // which match nearly every Japanese note, so each run typed without a space stays one word.
  if (!content.length) return { words: pieces.length ? runs(pieces) : [text], soft: [] };
  // Function words (について, でき of できない) are left out: on their own they would select notes that share nothing else.
  const soft = pieces.filter((p) => HIRAGANA_ONLY.test(p.text) && Array.from(p.text).length > 1 && !isStopWord(p.text)).map((p) => p.text);
  const merged: Piece[] = [];
  const single = (x: Piece) => Array.from(x.text).length === 1 && hasCjk(x.text);
  for (const p of content) {
    const last = merged[merged.length - 1];
    const gap = last ? text.slice(last.end, p.start) : '';
    // Okurigana the dictionary cut off a lone kanji (埋め込み → 埋|め|込み) belong to the word; particles (の, を) do not.
    const okurigana = /^[\p{Script=Hiragana}]{1,2}$/u.test(gap) && !PARTICLES.test(gap);
    const adjacent = last !== undefined && (gap === '' || okurigana) && hasCjk(last.text) && hasCjk(p.text);
    // ICU may leave a long-vowel mark between two katakana pieces as a segment of its own.
    const katakana = last !== undefined && /^ー*$/.test(gap) && KATAKANA_ONLY.test(last.text) && KATAKANA_ONLY.test(p.text);
    if ((adjacent && (single(last) || single(p))) || katakana) {
      last.text += gap + p.text;
      last.end = p.end;
    } else merged.push({ ...p });
  }
  return { words: merged.map((p) => p.text), soft };
}

/** Pieces that touch, joined: the runs of text between spaces and punctuation. */
function runs(pieces: readonly Piece[]): string[] {
  const out: Piece[] = [];
  for (const p of pieces) {
    const last = out[out.length - 1];
    if (last && last.end === p.start) {
      last.text += p.text;
      last.end = p.end;
    } else out.push({ ...p });
  }
  return out.map((p) => p.text);
}

/**
 * A hiragana word's katakana spelling (ぷらぐいん → プラグイン), searched beside
 * it: loanwords are written in katakana, and a query typed without converting
 * its kana would otherwise find nothing. Null for other text, single kana and
 * function words.
 */
export function katakanaSpelling(word: string): string | null {
  // A function word (する) is no loanword; its katakana would also count as a word of its own.
  if (!HIRAGANA_ONLY.test(word) || Array.from(word).length < 2 || isStopWord(word)) return null;
  return word.replace(/[\u3041-\u3096]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0x60));
}

const KANJI = /\p{Script=Han}/u;
const TRAILING_KANA = /[\p{Script=Hiragana}]{1,2}$/u;

/**
 * A word that ends in okurigana, without them (埋め込み → 埋め込, 取り消し →
 * 取り消): as the phrase of its bigrams it then finds every form of the word
 * (埋め込む, 埋め込んだ), as English finds inflections. Null when the word
 * does not end in kana after kanji, or the stem would be one character.
 */
export function okuriganaStem(word: string): string | null {
  if (HIRAGANA_ONLY.test(word) || !KANJI.test(word)) return null;
  const stem = word.replace(TRAILING_KANA, '');
  if (stem === word || Array.from(stem).length < 2 || !KANJI.test(stem.slice(-2))) return null;
  return stem;
}
