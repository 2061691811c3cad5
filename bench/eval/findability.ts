// Can a word in the middle of a Japanese sentence be found? Samples words
// from note bodies without any dictionary (so no segmentation is favoured):
// single kanji and kanji pairs from inside longer runs, katakana words, and
// English words written against Japanese ("Excelファイル").
import { rng } from '../lib/rng';

export type SampleKind = 'kanji-1' | 'kanji-2' | 'katakana' | 'mixed';

export interface Sample {
  kind: SampleKind;
  text: string;
  entryId: number;
}

const PATTERNS: Record<SampleKind, RegExp> = {
  // A kanji with kanji or kana on both sides.
  'kanji-1': /(?<=[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}])\p{Script=Han}(?=[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}])/gu,
  // Two kanji inside a longer run.
  'kanji-2': /(?<=[\p{Script=Han}\p{Script=Hiragana}])\p{Script=Han}{2}(?=[\p{Script=Han}\p{Script=Hiragana}])/gu,
  // A katakana word of three or more characters next to other Japanese text.
  katakana: /(?<=[\p{Script=Han}\p{Script=Hiragana}])[\p{Script=Katakana}ー]{3,}|[\p{Script=Katakana}ー]{3,}(?=[\p{Script=Han}\p{Script=Hiragana}])/gu,
  // An English word written directly against Japanese.
  mixed: /[A-Za-z]{3,}[\p{Script=Han}\p{Script=Katakana}]{2,}/gu,
};

export function sampleWords(notes: { id: number; body: string }[], perKind: number, seed = 7): Sample[] {
  const random = rng(seed);
  const out: Sample[] = [];
  for (const kind of Object.keys(PATTERNS) as SampleKind[]) {
    let tries = 0;
    let got = 0;
    while (got < perKind && tries++ < perKind * 50) {
      const note = notes[Math.floor(random() * notes.length)];
      const matches = [...note.body.matchAll(PATTERNS[kind])];
      if (!matches.length) continue;
      const m = matches[Math.floor(random() * matches.length)];
      out.push({ kind, text: m[0], entryId: note.id });
      got++;
    }
  }
  return out;
}
