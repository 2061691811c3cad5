// Adversarial text queries for the query-cost benchmark and the property
// tests: the attacks of issue 11 (runs of one-letter prefixes, long OR
// chains, pasted pages, syntax soup) mixed with words from the vault.
import { rng } from './rng';

const SOUP = ['*', '"', '-', '(', ')', ':', '^', 'NEAR', 'NOT', 'OR', 'AND', '\u0000', '\u202e', '🙂', '\\', '{', '}', "'", '--', '**', 'OR OR', '""'];
const CJK = ['猫', '設計', '東', 'の', 'カタカナ', '同期', '端末', 'ｶﾀｶﾅ', '認証', '検索'];

/** The fixed worst cases reported in issue 11, then `n` seeded random ones. */
export function fuzzQueries(seed: number, n: number, words: readonly string[]): string[] {
  const r = rng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const fixed = [
    [...letters, ...'abcdef'].map((c) => `${c}*`).join(' '),
    'a*',
    's* t* p*',
    Array.from({ length: 300 }, (_, i) => `w${i}`).join(' OR '),
    Array.from({ length: 200 }, () => pick(words)).join(' '),
    `"${Array.from({ length: 200 }, () => pick(words)).join(' ')}"`,
    Array.from({ length: 64 }, () => `-${pick(words)}`).join(' '),
    'x'.repeat(5000),
    Array.from({ length: 32 }, () => `${pick(words).slice(0, 2)}*`).join(' OR '),
    '猫* 東* の*',
    // Found while bounding the cost (no random draw, so the seeded queries below stay the same):
    // four 3-letter prefixes starting hundreds of words each, and made-up words "did you mean" looks up.
    'con* pro* com* pre*',
    [...'bcdfghjklmnprstv'].map((c) => `${c}xqztl`).join(' '),
  ];
  const out = [...fixed];
  for (let i = 0; i < n; i++) {
    const parts: string[] = [];
    const len = 1 + Math.floor(r() * (r() < 0.1 ? 40 : 6));
    for (let j = 0; j < len; j++) {
      const w = pick(words);
      const k = r();
      if (k < 0.25) parts.push(`${w.slice(0, 1 + Math.floor(r() * 3))}*`);
      else if (k < 0.35) parts.push(pick(SOUP));
      else if (k < 0.45) parts.push(`-${w}`);
      else if (k < 0.55) parts.push(`"${w} ${pick(words)}"`);
      else if (k < 0.65) parts.push('OR');
      else if (k < 0.72) parts.push(pick(CJK));
      else parts.push(w);
    }
    out.push(parts.join(r() < 0.2 ? '' : ' '));
  }
  return out;
}
