// Test collections for `npm run eval`: each is a set of files to import and
// queries with judged documents. They read ../shared; when it is absent the
// loader returns null and the runner says what was skipped.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ImportSource } from '../../worker/ingest/source';
import { memorySource } from '../../worker/ingest/source';
import { nodeSource } from '../../worker/ingest/walk-node';
import type { Gains } from './metrics';

export interface JudgedQuery {
  id: string;
  text: string;
  /** Document key → gain. */
  gains: Gains;
  /** Free label for breakdowns (e.g. the Japanese query style). */
  style?: string;
}

export interface Collection {
  name: string;
  /** What is being measured, one line. */
  about: string;
  source: ImportSource;
  queries: JudgedQuery[];
  /** The judgment key of an imported note's path (null: not a judged document). */
  docKey(path: string): string | null;
  /**
   * Metrics reported for it: graded collections get nDCG, known-item sets
   * hit@5, no-match sets the share of queries with no result at all.
   */
  kind: 'graded' | 'known-item' | 'no-match';
}

const HERE = dirname(fileURLToPath(import.meta.url));
export const PROJECT_ROOT = resolve(HERE, '../..');
/** ../shared beside the project (KIOKU_SHARED overrides). */
export const SHARED = process.env.KIOKU_SHARED ?? resolve(PROJECT_ROOT, '..', 'shared');

export function sharedPath(...parts: string[]): string | null {
  const p = join(SHARED, ...parts);
  return existsSync(p) ? p : null;
}

// ---------------------------------------------------------------- Cranfield

interface CranDoc {
  id: string;
  title: string;
  text: string;
}

/** SMART format: `.I n` starts a record, `.X` lines start its fields. */
function smartRecords(text: string): Map<string, string>[] {
  const out: Map<string, string>[] = [];
  let field = '';
  for (const line of text.split(/\r?\n/)) {
    const m = /^\.([A-Z])(?:\s+(.*))?$/.exec(line);
    if (m && m[1] === 'I') {
      out.push(new Map([['I', (m[2] ?? '').trim()]]));
      field = '';
    } else if (m) {
      field = m[1];
      out[out.length - 1].set(field, '');
    } else if (field && out.length) {
      const rec = out[out.length - 1];
      rec.set(field, (rec.get(field) ? rec.get(field) + '\n' : '') + line);
    }
  }
  return out;
}

const clean = (s: string | undefined) => (s ?? '').replace(/\s+/g, ' ').replace(/\s+\.$/, '').trim();

export function cranfield(): Collection | null {
  const dir = sharedPath('corpora', 'cranfield');
  if (!dir) return null;
  const docs: CranDoc[] = smartRecords(readFileSync(join(dir, 'cran.all.1400'), 'utf8')).map((r) => ({
    id: String(Number(r.get('I'))),
    title: clean(r.get('T')),
    text: (r.get('W') ?? '').trim(),
  }));
  const files: Record<string, string> = {};
  for (const d of docs) {
    files[`cranfield/${d.id.padStart(4, '0')}.md`] = `---\ntitle: ${JSON.stringify(d.title || `Cranfield ${d.id}`)}\n---\n${d.text}\n`;
  }
  const queries = smartRecords(readFileSync(join(dir, 'cran.qry'), 'utf8')).map((r) => clean(r.get('W')));
  // Judgments number queries 1..225 in file order; grades 1 (complete answer) .. 4, -1 not relevant.
  const gains = new Map<number, Map<string, number>>();
  for (const line of readFileSync(join(dir, 'cranqrel'), 'utf8').split(/\r?\n/)) {
    const [q, d, g] = line.trim().split(/\s+/).map(Number);
    if (!q || !d || !(g >= 1 && g <= 4)) continue;
    if (!gains.has(q)) gains.set(q, new Map());
    gains.get(q)!.set(String(d), 5 - g);
  }
  return {
    name: 'cranfield',
    about: 'Cranfield 1400: 225 natural-language questions, graded judgments (gain 4 for grade 1 … 1 for grade 4)',
    source: memorySource('cranfield', files),
    queries: queries.map((text, i) => ({ id: String(i + 1), text, gains: gains.get(i + 1) ?? new Map() })).filter((q) => q.gains.size > 0),
    docKey: (path) => {
      const m = /^cranfield\/(\d+)\.md$/.exec(path);
      return m ? String(Number(m[1])) : null;
    },
    kind: 'graded',
  };
}

// ------------------------------------------------------- Known-item sets

interface KnownItemFile {
  queries: { id: string; query: string; style?: string; relevant: string[] }[];
}

function knownItems(name: string, about: string, corpus: string[], data: string | KnownItemFile): Collection | null {
  const dir = sharedPath(...corpus);
  if (!dir) return null;
  const spec = typeof data === 'string' ? (JSON.parse(readFileSync(join(HERE, 'data', data), 'utf8')) as KnownItemFile) : data;
  return {
    name,
    about,
    source: nodeSource(dir, corpus[corpus.length - 2]),
    // Relevant entries are path suffixes; docKey maps an imported path to the suffix it ends with.
    queries: spec.queries.map((q) => ({ id: q.id, text: q.query, style: q.style, gains: new Map(q.relevant.map((r) => [r, 1])) })),
    docKey: (() => {
      const suffixes = [...new Set(spec.queries.flatMap((q) => q.relevant))];
      return (path: string) => suffixes.find((s) => path === s || path.endsWith(`/${s}`)) ?? null;
    })(),
    kind: 'known-item',
  };
}

export function japanese(): Collection | null {
  return knownItems(
    'ja-d365',
    'd365-finops-ja (4,202 Japanese docs): 70 hand-written queries with expected documents',
    ['corpora', 'd365-finops-ja', 'md'],
    'ja-d365-queries.json',
  );
}

export function japaneseHeldOut(): Collection | null {
  return knownItems(
    'ja-d365-heldout',
    'd365-finops-ja: 30 more queries written after the Japanese design was settled (never tuned on)',
    ['corpora', 'd365-finops-ja', 'md'],
    'ja-d365-heldout-queries.json',
  );
}

export function seekstoneKeywords(): Collection | null {
  return knownItems(
    'seekstone-kw',
    'seekstone-10k (10,000 English notes): 35 hand-written keyword queries with one target note each',
    ['corpora', 'seekstone-10k', 'vault'],
    'seekstone-keyword-queries.json',
  );
}

const SEEKSTONE_VAULT = ['corpora', 'seekstone-10k', 'vault'];

export function seekstoneQuestions(): Collection | null {
  return knownItems(
    'seekstone-nl',
    'seekstone-10k: 88 hand-written natural-language questions (4-12 words, 82 without the title\'s words) with the note answering each',
    SEEKSTONE_VAULT,
    'seekstone-nl-queries.json',
  );
}

/**
 * Held-out questions (issue 16): written and committed before the text
 * ranking was tuned for questions, never tuned on; the honest figure beside
 * seekstone-nl.
 */
export function seekstoneQuestionsHeldOut(): Collection | null {
  return knownItems(
    'seekstone-nl-heldout',
    'seekstone-10k: 120 held-out natural-language questions (4-12 words, 110 without the title\'s words), written before tuning and never tuned on',
    SEEKSTONE_VAULT,
    'seekstone-nl-heldout-queries.json',
  );
}

/** bench/seekstone-semantic.json: descriptions in other words, judged by the title of the note they describe. */
export function seekstoneParaphrases(): Collection | null {
  const dir = sharedPath(...SEEKSTONE_VAULT);
  if (!dir) return null;
  const spec = JSON.parse(readFileSync(join(HERE, '..', 'seekstone-semantic.json'), 'utf8')) as { queries: { q: string; title: string }[] };
  const byTitle = notesByTitle(dir);
  return knownItems('seekstone-paraphrase', 'seekstone-10k: 42 descriptions of a note in other words (bench/seekstone-semantic.json), judged by title', SEEKSTONE_VAULT, {
    queries: spec.queries.map((q, i) => ({ id: `p${i + 1}`, query: q.q, relevant: byTitle.get(q.title.toLowerCase()) ?? [] })),
  });
}

/** Vault-relative paths of the notes with each file name (lower case, without .md). */
function notesByTitle(dir: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const rel of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (!rel.endsWith('.md')) continue;
    const key = basename(rel, '.md').toLowerCase();
    out.set(key, [...(out.get(key) ?? []), rel.split(sep).join('/')]);
  }
  return out;
}

/**
 * A real Obsidian vault (the help vault, English and Japanese notes side by
 * side): questions written from its sections before any ranking was run on
 * them, never tuned on.
 */
export function obsidianHelp(): Collection | null {
  return knownItems(
    'obsidian-help',
    'obsidian-help vault (346 notes, English and Japanese): 36 English and 20 Japanese questions written from its sections, never tuned on',
    ['corpora', 'obsidian-help', 'vault'],
    'obsidian-help-queries.json',
  );
}

export function seekstoneNoMatch(): Collection | null {
  const dir = sharedPath(...SEEKSTONE_VAULT);
  if (!dir) return null;
  const spec = JSON.parse(readFileSync(join(HERE, 'data', 'seekstone-nomatch-queries.json'), 'utf8')) as { queries: { id: string; query: string; style: string }[] };
  return {
    name: 'seekstone-nomatch',
    about: 'seekstone-10k: 55 queries no note matches (invented, gibberish, misspelt, absent, Japanese); the share returning 0 results',
    source: nodeSource(dir, SEEKSTONE_VAULT[1]),
    queries: spec.queries.map((q) => ({ id: q.id, text: q.query, style: q.style, gains: new Map() })),
    docKey: () => null,
    kind: 'no-match',
  };
}

export const COLLECTIONS: Record<string, () => Collection | null> = {
  cranfield,
  'ja-d365': japanese,
  'ja-d365-heldout': japaneseHeldOut,
  'seekstone-kw': seekstoneKeywords,
  'seekstone-nl': seekstoneQuestions,
  'seekstone-nl-heldout': seekstoneQuestionsHeldOut,
  'seekstone-paraphrase': seekstoneParaphrases,
  'seekstone-nomatch': seekstoneNoMatch,
  'obsidian-help': obsidianHelp,
};
