// Word segmentation of query text typed without spaces (Japanese, Chinese).
// Only queries are segmented: the index keeps bigrams, which find any word
// however a dictionary would cut the sentence (docs/search-text.md).
import { hasCjk } from './index-text';

let segmenter: Intl.Segmenter | null = null;

const HIRAGANA_ONLY = /^[\p{Script=Hiragana}ー]+$/u;
const KATAKANA_ONLY = /^[\p{Script=Katakana}ー]+$/u;

interface Piece {
  text: string;
  start: number;
  end: number;
}

/**
 * The words of a piece of text as a reader would split it: "検索エンジンの設計"
 * → ["検索", "エンジン", "設計"]. Hiragana-only segments (particles and
 * endings: の, を, について) are dropped when the text has other words; a
 * one-character kanji or katakana segment is joined to the adjacent one, since
 * the dictionary often cuts compounds such as 仕入先 into single characters,
 * and adjacent katakana segments stay one loanword (ワークフロー).
 * Text that yields no word comes back whole.
 */
export function segmentWords(text: string): string[] {
  segmenter ??= new Intl.Segmenter('ja', { granularity: 'word' });
  const pieces: Piece[] = [];
  for (const s of segmenter.segment(text)) {
    if (s.isWordLike) pieces.push({ text: s.segment, start: s.index, end: s.index + s.segment.length });
  }
  const content = pieces.filter((p) => !HIRAGANA_ONLY.test(p.text));
  const kept = content.length ? content : pieces;
  const merged: Piece[] = [];
  for (const p of kept) {
    const last = merged[merged.length - 1];
    const single = (x: Piece) => Array.from(x.text).length === 1 && hasCjk(x.text);
    const katakana = last && KATAKANA_ONLY.test(last.text) && KATAKANA_ONLY.test(p.text);
    if (last && last.end === p.start && hasCjk(last.text) && hasCjk(p.text) && (single(last) || single(p) || katakana)) {
      last.text += p.text;
      last.end = p.end;
    } else merged.push({ ...p });
  }
  return merged.length ? merged.map((p) => p.text) : [text];
}
