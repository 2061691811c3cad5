// Text as the FTS index sees it. FTS5's unicode61 tokenizer keeps a whole run
// of CJK characters as one token, so a word in the middle of a Japanese
// sentence could never match. Before indexing, every CJK run is rewritten as
// overlapping character bigrams plus its last character (so a one-character
// query can match as a prefix at any position), and scripts are separated so
// "OAuth認証" yields "oauth" and "認証". Queries go through the same rules.
// Why bigrams and not Intl.Segmenter or the trigram tokenizer: docs/search-text.md.

const CJK_CLASS = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}\\u30FC\\u3005\\u3006\\u303B';

/** Han, Hiragana, Katakana (with ー and 々), Hangul, and their halfwidth/compatibility forms after NFKC. */
export const CJK_RUN = new RegExp(`[${CJK_CLASS}]+`, 'gu');
const CJK_TEST = new RegExp(`[${CJK_CLASS}]`, 'u');

/**
 * A CJK run that may contain single spaces between CJK characters. Technical
 * Japanese writes compounds with a space ("マスター プラン") that users do
 * not type ("マスタープラン"); bigrams are taken across such a space so both
 * spellings match.
 */
export const CJK_SPACED_RUN = new RegExp(`[${CJK_CLASS}]+(?:[ \\u3000][${CJK_CLASS}]+)*`, 'gu');
const SPACES = /[ \u3000]/g;

/** NFKC (width, compatibility forms) and case folding. */
export function normalizeText(s: string): string {
  return s.normalize('NFKC').toLowerCase();
}

export function hasCjk(s: string): boolean {
  return CJK_TEST.test(s);
}

/** The bigram tokens of one CJK run (spaces inside it ignored), plus its last character. */
export function cjkTokens(run: string): string[] {
  const chars = Array.from(run.replace(SPACES, ''));
  if (chars.length === 1) return chars;
  const out: string[] = [];
  for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i] + chars[i + 1]);
  out.push(chars[chars.length - 1]);
  return out;
}

/** Rewrites text for the FTS index. */
export function indexText(s: string): string {
  const n = normalizeText(s);
  if (!CJK_TEST.test(n)) return n;
  return n.replace(CJK_SPACED_RUN, (run) => ` ${cjkTokens(run).join(' ')} `);
}

/**
 * Tokens that find a CJK run inside indexed text: its bigrams as a phrase
 * (without the trailing unigram, which only exists at the end of a run), or
 * for a single character, a prefix match on the tokens that start with it.
 */
export function cjkQueryTokens(run: string): { tokens: string[]; prefix: boolean } {
  const chars = Array.from(run.replace(SPACES, ''));
  if (chars.length === 1) return { tokens: chars, prefix: true };
  const tokens: string[] = [];
  for (let i = 0; i + 1 < chars.length; i++) tokens.push(chars[i] + chars[i + 1]);
  return { tokens, prefix: false };
}
