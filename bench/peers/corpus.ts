// The corpora and queries of `npm run bench:peers`, read once into memory so
// every engine is handed the same text. Peers get each note as plain fields
// (title, body, tags, type) from a small frontmatter split of their own, the
// way an application using them would feed them; Kioku gets the files.
import { parse as parseYaml } from 'yaml';
import { COLLECTIONS, type Collection } from '../eval/collections';
import { rng } from '../lib/rng';

export interface PeerDoc {
  path: string;
  title: string;
  body: string;
  tags: string[];
  type: string | null;
}

/** A corpus in memory: its files (vault-relative path → text) and the judged query sets over it. */
export interface Corpus {
  name: string;
  files: Record<string, string>;
  judged: Collection[];
}

/** The collections whose quality is measured, grouped by the corpus they search. */
export const QUALITY_SETS = ['seekstone-kw', 'seekstone-nl', 'seekstone-paraphrase', 'cranfield', 'ja-d365'];

export async function readCorpus(names: readonly string[]): Promise<Corpus | null> {
  const judged = names.map((n) => COLLECTIONS[n]()).filter((c): c is Collection => c !== null);
  if (!judged.length) return null;
  const files: Record<string, string> = {};
  const dec = new TextDecoder();
  for await (const f of judged[0].source.files()) {
    if (!/\.(md|markdown)$/i.test(f.path)) continue;
    files[f.path] = dec.decode(await f.read());
  }
  return { name: judged[0].source.name, files, judged };
}

/** Frontmatter between the first two `---` lines, YAML-parsed; anything unreadable is left as body. */
export function toPeerDoc(path: string, text: string): PeerDoc {
  let body = text;
  let fm: Record<string, unknown> = {};
  const m = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(text);
  if (m) {
    try {
      const parsed = parseYaml(m[1]) as unknown;
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) fm = parsed as Record<string, unknown>;
      body = text.slice(m[0].length);
    } catch {
      // Left as text, as a peer given this file would see it.
    }
  }
  const heading = /^#\s+(.+)$/m.exec(body)?.[1];
  const file = path.split('/').pop()!.replace(/\.(md|markdown)$/i, '');
  const tags = Array.isArray(fm.tags) ? fm.tags.map(String) : typeof fm.tags === 'string' ? [fm.tags] : [];
  return {
    path,
    title: typeof fm.title === 'string' ? fm.title : (heading ?? file),
    body,
    tags,
    type: typeof fm.type === 'string' ? fm.type : null,
  };
}

export interface QuerySets {
  /** 1–3 words sampled from the vault (a title word, maybe words of the text), plus the hand-written keyword set. */
  keyword: string[];
  /** The hand-written natural-language questions (4–12 words). */
  question: string[];
}

/** The latency queries, drawn (seeded) from the notes as bench/lib/queries.ts draws them from the engine. */
export function latencyQueries(corpus: Corpus, count: number): QuerySets {
  const random = rng(3);
  const docs = Object.entries(corpus.files).map(([p, t]) => toPeerDoc(p, t));
  const words = (s: string) => s.toLowerCase().match(/\p{L}{4,}/gu) ?? [];
  const keyword: string[] = corpus.judged.find((c) => c.name === 'seekstone-kw')?.queries.map((q) => q.text) ?? [];
  while (keyword.length < count) {
    const d = docs[Math.floor(random() * docs.length)];
    const title = words(d.title);
    const body = words(d.body.slice(0, 3000));
    if (!title.length || body.length < 3) continue;
    const q = [title[Math.floor(random() * title.length)]];
    const extra = random() < 0.4 ? 0 : random() < 0.67 ? 1 : 2;
    for (let k = 0; k < extra; k++) q.push(body[Math.floor(random() * body.length)]);
    keyword.push(q.join(' '));
  }
  const question = corpus.judged.find((c) => c.name === 'seekstone-nl')?.queries.map((q) => q.text) ?? [];
  return { keyword, question };
}
