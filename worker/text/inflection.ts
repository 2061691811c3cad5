// Porter's stemmer reads a verb's own "ed" as a suffix: embed → emb, while
// embedded and embedding → embed, so `embed` and `embedding` found different
// notes ("embed" is a word every Obsidian user types). The index keeps
// Porter's stems (SQLite's porter tokenizer), so a query word gets the other
// spelling as an alternative when the two stem apart.
import { porterStem } from './porter';

/** A doubled final consonant before -ed / -ing (embedded, embedding), as English spells it after a stressed consonant–vowel–consonant. */
const DOUBLED = /^([a-z]*[^aeiou][aeiou])([bcdfgkmnprt])\2(ed|ing)$/;
/** Ends consonant–vowel–consonant: the shape whose consonant doubles (embed → embedded). */
const CVC = /[^aeiou][aeiou]([bcdfgkmnprt])$/;

/**
 * The other spelling of an English word whose Porter stem differs from the
 * word's own though it is the same word inflected: embedding → embed, embed →
 * embedded. Null for every word whose inflections already share its stem
 * (plan, planned, planning), which is almost all of them.
 */
export function otherInflection(word: string): string | null {
  const w = word.toLowerCase();
  if (w.length < 4 || !/^[a-z]+$/.test(w)) return null;
  const doubled = DOUBLED.exec(w);
  if (doubled) {
    const base = doubled[1] + doubled[2];
    return porterStem(base) !== porterStem(w) ? base : null;
  }
  const end = CVC.exec(w);
  // "added" is an inflection already (add + ed), not a base to inflect again.
  if (!end || /([a-z])\1ed$/.test(w)) return null;
  const inflected = `${w}${end[1]}ed`;
  // Only where the inflected form stems back to the word itself: the word is its base form.
  return porterStem(inflected) === w && porterStem(w) !== w ? inflected : null;
}
