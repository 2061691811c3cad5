// A deterministic synthetic vault for the filter benchmark: N notes with
// varied, realistically messy typed frontmatter (numbers written as strings,
// booleans as "true", dates, lists, nested maps, a Japanese key, a key that
// mixes ints, strings and lists like d365's ms.custom, missing values).
// Generated in memory from a seeded PRNG, so every run sees the same vault.
import { rng as prng } from './lib/rng';

const STATUS = ['active', 'draft', 'in-progress', 'done', 'archived'];
const PRIORITY = ['low', 'medium', 'high', 'critical'];
const JA_STATE = ['未着手', '進行中', '完了', '保留'];
const WORDS = 'alpha beta gamma delta design review plan auth cache index query vector search note memory sync offline worker'.split(' ');

const pad = (n: number) => String(n).padStart(2, '0');

export function syntheticNote(i: number, rnd: () => number): string {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];
  const lines: string[] = [`title: Note ${i}`];
  lines.push(`status: ${pick(STATUS)}`);
  lines.push(`priority: ${pick(PRIORITY)}`);
  const conf = Math.round(rnd() * 1000) / 1000;
  lines.push(rnd() < 0.15 ? `confidence: "${conf}"` : rnd() < 0.05 ? 'confidence: n/a' : `confidence: ${conf}`);
  lines.push(`score: ${Math.floor(rnd() * 101)}`);
  const y = 2020 + Math.floor(rnd() * 7);
  lines.push(`started: ${y}-${pad(1 + Math.floor(rnd() * 12))}-${pad(1 + Math.floor(rnd() * 28))}`);
  const ntags = Math.floor(rnd() * 5);
  if (ntags) lines.push(`tags: [${Array.from({ length: ntags }, () => `t${Math.floor(rnd() * rnd() * 200)}`).join(', ')}]`);
  if (rnd() < 0.8) lines.push(`owner: person${Math.floor(rnd() * 50)}`);
  const draft = rnd();
  lines.push(draft < 0.4 ? 'draft: true' : draft < 0.5 ? 'draft: "True"' : 'draft: false');
  lines.push(`project:\n  name: p${Math.floor(rnd() * 300)}\n  phase: ${1 + Math.floor(rnd() * 5)}`);
  const custom = rnd();
  if (custom < 0.5) lines.push(`ms.custom: ${Math.floor(rnd() * 100000)}`);
  else if (custom < 0.8) lines.push(`ms.custom: ${pick(WORDS)}-${Math.floor(rnd() * 100)}`);
  else if (custom < 0.9) lines.push(`ms.custom: [${Math.floor(rnd() * 10)}, ${pick(WORDS)}]`);
  lines.push(`状態: ${pick(JA_STATE)}`);
  if (rnd() < 0.1) lines.push('reviewed: null');
  const body = Array.from({ length: 12 }, () => pick(WORDS)).join(' ');
  return `---\n${lines.join('\n')}\n---\n# Note ${i}\n\n${body}\n`;
}

/** path → content for a vault of n notes in 100 folders. */
export function syntheticVault(n: number, seed = 42): Record<string, string> {
  const rnd = prng(seed);
  const files: Record<string, string> = {};
  for (let i = 0; i < n; i++) files[`f${String(i % 100).padStart(2, '0')}/note-${i}.md`] = syntheticNote(i, rnd);
  return files;
}
