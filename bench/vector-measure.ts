// The vector and hybrid benchmark, shared by Node (bench/vector-search.ts)
// and Chromium (bench/browser/scenarios/vector.ts): embedding throughput,
// text latency while embedding runs, vector and hybrid latency over every
// chunk of seekstone-10k, index memory, and retrieval quality on hand-written
// paraphrase queries and on title queries. Browser-safe: no Node imports.
import type { Db } from '../worker/db/database';
import { createEngine, type Engine } from '../worker/engine';
import type { ImportSource } from '../worker/ingest/source';
import type { Embedder } from '../worker/embed/embedder';
import { chunkerId } from '../worker/embed/models';
import { EmbedService } from '../worker/embed/service';
import { chunkNotes, notesToChunk } from '../worker/embed/store';
import { chunkInput } from '../worker/embed/chunk';
import { RRF_K, vectorWeight } from '../worker/search/hybrid';
import { fuseVariant, type Fusion } from './lib/fusion-variants';
import { vectorRank, type Ranked } from '../worker/search/vector';
import { percentile } from './browser/stats';

export interface StoredVector {
  model: string;
  hash: string;
  dim: number;
  scale: number;
  vec: Uint8Array;
}

export interface VectorBenchInput {
  host: string;
  db: Db;
  embedder: Embedder;
  seekstone: ImportSource;
  /** Vectors of every chunk, computed earlier (embedding the whole vault here would take hours in Chromium). */
  vectors(): Promise<Iterable<StoredVector>>;
  semantic: { q: string; title: string }[];
  /** Keyword queries with their target note's title (the text search's own set, bench/eval/data). */
  keywords?: { q: string; title: string }[];
  sampleChunks?: number;
  /** Memory in use, in MB, where the host can tell (Node: RSS). */
  memory?(): Record<string, number>;
  log(s: string): void;
}

export type Row = Record<string, string | number | null>;

/** The text search's keyword set (bench/eval/data/seekstone-keyword-queries.json) as query → target title. */
export function keywordQueries(file: { queries: { query: string; relevant: string[] }[] }): { q: string; title: string }[] {
  return file.queries.map((k) => ({ q: k.query, title: k.relevant[0].replace(/^.*\//, '').replace(/\.md$/, '') }));
}

const ms = (n: number) => (n >= 100 ? Math.round(n) : Math.round(n * 100) / 100);
const now = () => performance.now();

async function timed<T>(fn: () => Promise<T> | T): Promise<[T, number]> {
  const t = now();
  const v = await fn();
  return [v, now() - t];
}

export async function measureVectorSearch(input: VectorBenchInput): Promise<Row[]> {
  const { db, host, log } = input;
  const rows: Row[] = [];
  const add = (measure: string, value: string | number, note = '') => rows.push({ host, measure, value, note });
  const engine: Engine = createEngine(db, { embedder: input.embedder, background: false, embedding: { maxBatch: 32, targetBatchMs: 500 } });
  const embed = engine.embed!;

  log('importing seekstone-10k');
  const summary = await engine.importSource(input.seekstone);
  const spec = embed.model;
  const chunker = chunkerId(spec);
  log('chunking');
  const [, chunkMs] = await timed(() => {
    for (let notes = notesToChunk(db, chunker, 200); notes.length; notes = notesToChunk(db, chunker, 200)) chunkNotes(db, notes, spec, chunker);
  });
  const total = Number(db.column('SELECT COUNT(*) FROM chunks WHERE readable = 1')[0]);
  add('notes / chunks to embed', `${summary.notes} / ${total}`, `model ${spec.id}, chunks of ≤ ${spec.chunkTokens} tokens`);
  add('chunking the vault (s)', Math.round(chunkMs / 100) / 10);

  // Throughput on a sample spread over the vault, in the batches the queue uses.
  await input.embedder.load(spec);
  const n = input.sampleChunks ?? 256;
  const every = Math.max(1, Math.floor(total / n));
  const sample = db
    .all<{ title: string; heading: string | null; text: string }>(
      `SELECT e.title, c.heading, c.text FROM chunks c JOIN entries e ON e.id = c.entry_id WHERE c.readable = 1 AND c.id % ${every} = 0 LIMIT ${n}`,
    )
    .map((c) => chunkInput(c.title, c.heading, c.text));
  log(`embedding a sample of ${sample.length} chunks`);
  const [, embedMs] = await timed(async () => {
    for (let i = 0; i < sample.length; i += 16) await input.embedder.embed(sample.slice(i, i + 16), 'passage');
  });
  const rate = sample.length / (embedMs / 1000);
  add('embedding throughput (chunks/s)', Math.round(rate * 10) / 10, `sample of ${sample.length} chunks spread over the vault, batches of 16`);
  add('embedding the whole vault (min, extrapolated)', Math.round(total / rate / 6) / 10, `${total} chunks at the sampled rate`);

  // Text queries alone, then while the background queue embeds.
  const titles = db.column<string>("SELECT title FROM entries WHERE kind = 'note' AND id % 97 = 0 LIMIT 60");
  const textQueries = titles.map((t) => t.split(/\s+/).slice(0, 2).join(' ')).filter((q) => q.length > 2);
  const textLatency = async () => {
    const samples: number[] = [];
    for (const q of textQueries) {
      const [, t] = await timed(() => engine.call('search', { query: q, mode: 'text' }));
      samples.push(t);
      // Let queued work (the embedding loop) run between queries, as between a user's keystrokes.
      await new Promise((r) => setTimeout(r, 5));
    }
    return samples;
  };
  await textLatency();
  const idle = await textLatency();
  log('text queries while embedding');
  const running = embed.runToCompletion();
  await new Promise((r) => setTimeout(r, 500));
  const busy = await textLatency();
  embed.pause(); // stays paused: the rest of the run uses the precomputed vectors
  await running;
  add('text query p50 / p95, idle (ms)', `${ms(percentile(idle, 50))} / ${ms(percentile(idle, 95))}`, `${idle.length} title-word queries`);
  add('text query p50 / p95, while embedding (ms)', `${ms(percentile(busy, 50))} / ${ms(percentile(busy, 95))}`, 'the background queue embedding batches meanwhile');

  log('loading the precomputed vectors');
  const [loaded, loadMs] = await timed(async () => {
    let k = 0;
    db.tx(() => {
      db.run('DELETE FROM vectors');
      return undefined;
    });
    const batch: StoredVector[] = [];
    const flush = () =>
      db.tx(() => {
        for (const v of batch) db.run('INSERT OR IGNORE INTO vectors (model, hash, dim, scale, vec) VALUES (?, ?, ?, ?, ?)', [v.model, v.hash, v.dim, v.scale, v.vec]);
        batch.length = 0;
      });
    for (const v of await input.vectors()) {
      batch.push(v);
      k++;
      if (batch.length >= 5000) flush();
    }
    flush();
    return k;
  });
  const before = input.memory?.();
  const [index, indexMs] = await timed(() => embed.reindex());
  const status = embed.status();
  add('vectors stored', `${loaded} (${status.chunks_done} of ${status.chunks_total} chunks covered)`, `written in ${Math.round(loadMs)} ms`);
  add('vector index load (ms)', Math.round(indexMs), `${index.size} rows × ${index.dim} int8, ${index.simd ? 'wasm SIMD' : 'JS'} kernel, read in slices of 20k rows`);
  add('vector index memory (MB)', Math.round(index.bytes / 1e5) / 10, 'int8 rows + row data');
  const after = input.memory?.();
  if (before && after) for (const k of Object.keys(after)) add(`${k} after loading the index (MB)`, after[k], `before: ${before[k]}`);

  // Query embedding (cold), then search with the query vector cached.
  const queries = [...input.semantic.map((s) => s.q), ...titles.map((t) => t.toLowerCase())];
  const embedQ: number[] = [];
  for (const q of queries) embedQ.push((await timed(() => input.embedder.embed([q], 'query')))[1]);
  add('query embedding p50 / p95 (ms)', `${ms(percentile(embedQ, 50))} / ${ms(percentile(embedQ, 95))}`, `${queries.length} queries`);
  // Upkeep: one note's chunks change (as when a file is edited and re-imported) while the index is loaded.
  db.run("DELETE FROM chunked WHERE entry_id = (SELECT id FROM entries WHERE kind = 'note' ORDER BY id LIMIT 1 OFFSET 500)");
  const [, syncMs] = await timed(() => embed.index());
  add('index catch-up after a note changed (ms)', ms(syncMs), 'from the change log, instead of reading every vector again');

  // Each query twice: the first call includes embedding the query (new text), the second is the search itself.
  const lat = async (label: string, args: Record<string, unknown>, note: string) => {
    const cold: number[] = [];
    const warm: number[] = [];
    // Every mode's first call of a query embeds it: the rows before must not have cached its vector.
    embed.forgetQueryVectors();
    for (const q of queries) {
      for (const into of [cold, warm]) {
        const [r, t] = await timed(() => engine.call('search', { query: q, page_size: 10, ...args }));
        if ((r as { isError?: boolean }).isError) throw new Error(JSON.stringify(r));
        into.push(t);
      }
    }
    add(`${label} p50 / p95 (ms)`, `${ms(percentile(warm, 50))} / ${ms(percentile(warm, 95))}`, note);
    if (args.mode !== 'text') add(`${label}, new query incl. embedding it, p50 / p95 (ms)`, `${ms(percentile(cold, 50))} / ${ms(percentile(cold, 95))}`, '');
  };
  await lat('vector top-10', { mode: 'vector' }, `over all ${index.size} chunks (query vector known); target p95 ≤ 30 ms`);
  await lat('hybrid top-10', { mode: 'hybrid' }, 'text ranking + vector ranking fused; target p95 ≤ 40 ms');
  await lat('vector top-10, filter tags: history', { mode: 'vector', tags: ['history'] }, 'candidate notes from SQL first');
  await lat('text top-10', { mode: 'text' }, 'the same queries in text mode, for comparison');

  // Quality: paraphrase queries (known item, written by hand) and title queries.
  const idOfTitle = new Map(db.all<{ id: number; title: string }>("SELECT id, title FROM entries WHERE kind = 'note'").map((r) => [r.title.toLowerCase(), r.id] as const));
  const idOfPath = new Map(db.all<{ id: number; path: string }>('SELECT id, path FROM entries').map((r) => [r.path, r.id] as const));
  // The text ranking with its real scores (score fusion needs them).
  const textRank = async (q: string): Promise<Ranked[]> =>
    ((await engine.call('search', { query: q, mode: 'text', page_size: 100 })) as { results: { path: string; score: number }[] }).results.map((h) => ({
      entryId: idOfPath.get(h.path)!,
      score: h.score,
    }));
  const sets: [string, { q: string; title: string }[]][] = [
    ['paraphrase (42 hand-written)', input.semantic],
    ['title (60 note titles)', titles.map((t) => ({ q: t.toLowerCase(), title: t }))],
    ...(input.keywords ? [['keyword (35 from npm run eval)', input.keywords] as [string, { q: string; title: string }[]]] : []),
  ];
  for (const [name, set] of sets) {
    const runs: Record<string, Ranked[][]> = { text: [], vector: [] };
    // [label, method, k, vector weight (negative: by query length, the default)]
    const variants: [string, Fusion, number, number][] = [
      ['hybrid by best passage: RRF k 10, vector weight 0.05 for keywords (up to 5 words, no stop word), 0.3 otherwise', 'rrf', RRF_K, -1],
      ['hybrid RRF k 60, equal weights', 'rrf', 60, 0.5],
      ['hybrid RRF k 10, vector weight 0.3 always', 'rrf', 10, 0.3],
      ['hybrid score fusion, vector weight 0.3', 'score', 0, 0.3],
    ];
    const tool = 'hybrid, the default (the search tool: notes by their opening, docs/embeddings.md)';
    for (const { q } of set) {
      const hybrid = (await engine.call('search', { query: q, mode: 'hybrid', page_size: 100 })) as { results: { path: string; score: number }[] };
      (runs[tool] ??= []).push(hybrid.results.map((h) => ({ entryId: idOfPath.get(h.path)!, score: h.score })));
      const textScored = await textRank(q);
      const v = await embed.queryVector(q);
      const vec = v.ok ? vectorRank(db, index, v.vector, null, 100, { minScore: spec.minScore }).hits : [];
      runs.text.push(textScored);
      runs.vector.push(vec);
      for (const [label, method, k, a] of variants) {
        const alpha = a < 0 ? vectorWeight(q) : a;
        (runs[label] ??= []).push(fuseVariant(textScored, vec, { method, k, alpha, hasVectors: (id) => index.has(id) }));
      }
    }
    for (const [mode, lists] of Object.entries(runs)) {
      let mrr = 0, hit = 0;
      lists.forEach((list, i) => {
        const want = idOfTitle.get(set[i].title.toLowerCase());
        const r = list.slice(0, 10).findIndex((h) => h.entryId === want);
        if (r >= 0) {
          mrr += 1 / (r + 1);
          hit++;
        }
      });
      add(`quality ${name}: ${mode}`, `MRR@10 ${(mrr / set.length).toFixed(3)}, hit@10 ${(hit / set.length).toFixed(3)}`);
    }
  }
  return rows;
}
