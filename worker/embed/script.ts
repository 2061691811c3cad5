// Which writing systems a text is in, so text a model cannot read is never
// embedded with it. An English-only model maps all Japanese text to nearly
// the same vector; such notes and queries are ranked by text instead.
import type { ModelSpec, Script } from './models';

const RANGES: readonly [RegExp, Script][] = [
  [/\p{Script=Latin}/u, 'latin'],
  [/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u, 'cjk'],
  [/\p{Script=Hangul}/u, 'hangul'],
  [/\p{Script=Cyrillic}/u, 'cyrillic'],
  [/\p{Script=Greek}/u, 'greek'],
  [/\p{Script=Arabic}/u, 'arabic'],
  [/\p{Script=Hebrew}/u, 'hebrew'],
  [/\p{Script=Devanagari}/u, 'devanagari'],
  [/\p{Script=Thai}/u, 'thai'],
];
const LETTER = /\p{L}/u;

/**
 * Letters per script. CJK characters each carry about a word's meaning, so
 * they count as 3 letters against alphabetic text: "Dynamics 365 の設定"
 * is mostly Japanese to a reader and to a model.
 */
export function scriptProfile(text: string): Map<Script, number> {
  const counts = new Map<Script, number>();
  let latin = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) {
      if ((code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a) latin++;
      continue;
    }
    const ch = code >= 0xd800 && code <= 0xdbff ? text.slice(i, ++i + 1) : text[i];
    if (!LETTER.test(ch)) continue;
    let script: Script = 'other';
    for (const [re, s] of RANGES) {
      if (re.test(ch)) {
        script = s;
        break;
      }
    }
    const weight = script === 'cjk' || script === 'hangul' ? 3 : 1;
    if (script === 'latin') latin += weight;
    else counts.set(script, (counts.get(script) ?? 0) + weight);
  }
  if (latin) counts.set('latin', latin);
  return counts;
}

/** Share of a text's letters a model with these scripts can read (1 when the text has no letters). */
export function readableShare(text: string, scripts: ModelSpec['scripts']): number {
  if (scripts === 'all') return 1;
  const counts = scriptProfile(text);
  let total = 0;
  let readable = 0;
  for (const [s, n] of counts) {
    total += n;
    if (scripts.includes(s)) readable += n;
  }
  return total === 0 ? 1 : readable / total;
}

/** Passages are embedded when at least this share is readable. */
export const PASSAGE_MIN_SHARE = 0.7;
/** Queries need at least half of their weight in readable scripts. */
export const QUERY_MIN_SHARE = 0.5;

export function modelReads(text: string, spec: Pick<ModelSpec, 'scripts'>, min: number): boolean {
  return readableShare(text, spec.scripts) >= min;
}
