// A synthetic vault of any size built from real prose: each note takes a
// few sentences drawn (seeded, so every run builds the same vault) from a
// corpus (seekstone), a title, a folder, and typed frontmatter, so text and
// metadata scenarios run at 100,000 notes. No I/O: it runs in Node and in
// the benchmark worker alike.
import { rng } from './rng';

/** Sentences of 6 to 60 words from note texts, frontmatter and headings left out. */
export function sentencesFrom(texts: Iterable<string>, max = 400_000): string[] {
  const out: string[] = [];
  for (const text of texts) {
    const body = text.replace(/^---\n[\s\S]*?\n---\n/, '').replace(/^#.*$/gm, '');
    for (const s of body.replace(/\s+/g, ' ').split(/(?<=[.!?])\s+/)) {
      const n = s.split(' ').length;
      if (n >= 6 && n <= 60) out.push(s.trim());
    }
    if (out.length >= max) break;
  }
  return out;
}

const TYPES = ['note', 'article', 'reference', 'meeting', 'spec'];
const STATUSES = ['draft', 'active', 'in-progress', 'done', 'archived'];
const TAGS = Array.from({ length: 60 }, (_, i) => `topic-${i}`);

/** `count` notes as vault-relative path → file text. */
export function syntheticVault(sentences: string[], count: number, seed = 11): Record<string, string> {
  const random = rng(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)];
  const files: Record<string, string> = {};
  for (let i = 0; i < count; i++) {
    const first = pick(sentences);
    // Titles name a topic, as real notes do: two or three of the sentence's longer words.
    const long = [...new Set(first.match(/\p{L}{6,}/gu) ?? [])];
    const title = long.slice(0, 2 + Math.floor(random() * 2)).map((w) => w[0].toUpperCase() + w.slice(1).toLowerCase()).join(' ') || `Note ${i}`;
    const body: string[] = [first];
    const n = 3 + Math.floor(random() * 10);
    for (let k = 0; k < n; k++) body.push(pick(sentences));
    const tags = [pick(TAGS), pick(TAGS)];
    const fm = [
      `title: ${JSON.stringify(title)}`,
      `type: ${pick(TYPES)}`,
      `status: ${pick(STATUSES)}`,
      `priority: ${1 + Math.floor(random() * 5)}`,
      `confidence: ${Math.round(random() * 100) / 100}`,
      `tags: [${tags.join(', ')}]`,
      `created: 2025-${String(1 + Math.floor(random() * 12)).padStart(2, '0')}-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}`,
    ].join('\n');
    const path = `area-${i % 20}/topic-${Math.floor(i / 20) % 50}/note-${i}.md`;
    files[path] = `---\n${fm}\n---\n# ${title}\n\n${body.slice(0, 4).join(' ')}\n\n## Details\n\n${body.slice(4).join(' ')}\n`;
  }
  return files;
}
