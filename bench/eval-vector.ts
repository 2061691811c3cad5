// Retrieval quality of text, vector and hybrid search on Cranfield 1400
// (../shared/corpora/cranfield): nDCG@10, MRR@10 and recall@100 per mode,
// plus the variants the design choices rest on (fusion method and weights,
// int8 vs float32 vectors). Run: npm run eval:vector [-- --json out.json]
// [--model <id>] (another built-in model, e.g. the other file of USE-lite)
// [--no-float] (without the float32 rows) [--no-doc]
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openMemoryDb, saveDb } from '../worker/db/open-node';
import { memorySource } from '../worker/ingest/source';
import { engineOn } from '../worker/embed/testing';
import { fuseVariant, type Fusion } from './lib/fusion-variants';
import { vectorRank, type Ranked } from '../worker/search/vector';
import { quantizeInt8, dequantize } from '../worker/embed/quantize';
import { chunkInput } from '../worker/embed/chunk';
import { writeDocSection } from './browser/doc-section';

export const CRANFIELD = new URL('../../shared/corpora/cranfield/', import.meta.url).pathname;

export interface Collection {
  docs: Record<string, string>;
  queries: { id: number; text: string }[];
  /** query id → doc path → gain */
  qrels: Map<number, Map<string, number>>;
}

/** SMART format: records start with `.I n`; fields with a line `.X`. */
function smart(text: string): { id: number; fields: Record<string, string> }[] {
  const out: { id: number; fields: Record<string, string> }[] = [];
  let field = '';
  for (const line of text.split(/\r?\n/)) {
    const start = /^\.I\s+(\d+)/.exec(line);
    if (start) {
      out.push({ id: Number(start[1]), fields: {} });
      field = '';
    } else if (/^\.[A-Z]$/.test(line.trim())) field = line.trim()[1];
    else if (out.length && field) {
      const f = out[out.length - 1].fields;
      f[field] = `${f[field] ?? ''} ${line}`;
    }
  }
  for (const r of out) for (const k of Object.keys(r.fields)) r.fields[k] = r.fields[k].replace(/\s+/g, ' ').replace(/\s+\.$/, '').trim();
  return out;
}

export function loadCranfield(dir = CRANFIELD): Collection {
  const docs: Record<string, string> = {};
  for (const { id, fields } of smart(readFileSync(join(dir, 'cran.all.1400'), 'utf8'))) {
    const title = fields.T || `Cranfield ${id}`;
    docs[`cran/${String(id).padStart(4, '0')}.md`] = `---\ntitle: ${JSON.stringify(title)}\n---\n${fields.W ?? ''}\n`;
  }
  // Judgments number queries 1..225 in file order, not by their .I.
  const queries = smart(readFileSync(join(dir, 'cran.qry'), 'utf8')).map((r, i) => ({ id: i + 1, text: r.fields.W ?? '' }));
  const qrels = new Map<number, Map<string, number>>();
  for (const line of readFileSync(join(dir, 'cranqrel'), 'utf8').split(/\r?\n/)) {
    const [q, d, g] = line.trim().split(/\s+/).map(Number);
    if (!q || !d || !(g >= 1 && g <= 4)) continue;
    if (!qrels.has(q)) qrels.set(q, new Map());
    qrels.get(q)!.set(`cran/${String(d).padStart(4, '0')}.md`, 5 - g);
  }
  return { docs, queries, qrels };
}

export interface Metrics {
  ndcg10: number;
  mrr10: number;
  recall100: number;
}

/** Mean of per-query metrics over the queries that have judgments. */
export function evaluate(runs: Map<number, string[]>, qrels: Map<number, Map<string, number>>): Metrics {
  let ndcg = 0, mrr = 0, recall = 0, n = 0;
  for (const [q, rel] of qrels) {
    const ranked = runs.get(q) ?? [];
    const gains = [...rel.values()].sort((a, b) => b - a);
    const dcg = (gs: number[]) => gs.slice(0, 10).reduce((s, g, i) => s + (2 ** g - 1) / Math.log2(i + 2), 0);
    const ideal = dcg(gains);
    ndcg += ideal ? dcg(ranked.map((p) => rel.get(p) ?? 0)) / ideal : 0;
    const first = ranked.slice(0, 10).findIndex((p) => rel.has(p));
    mrr += first >= 0 ? 1 / (first + 1) : 0;
    recall += ranked.slice(0, 100).filter((p) => rel.has(p)).length / rel.size;
    n++;
  }
  return { ndcg10: ndcg / n, mrr10: mrr / n, recall100: recall / n };
}

const fmt = (m: Metrics) => `${m.ndcg10.toFixed(4)} | ${m.mrr10.toFixed(4)} | ${m.recall100.toFixed(4)}`;

async function main() {
  if (!existsSync(CRANFIELD)) {
    console.log(`skipped: ${CRANFIELD} is missing (the evaluation needs ../shared/corpora/cranfield)`);
    return;
  }
  const col = loadCranfield();
  // --cache <file>: keep the embedded index between runs (embedding Cranfield takes ~40 s).
  const cacheAt = process.argv.indexOf('--cache');
  const cache = cacheAt > 0 ? process.argv[cacheAt + 1] : undefined;
  const engine = engineOn(await openMemoryDb({ file: cache }));
  const modelAt = process.argv.indexOf('--model');
  if (modelAt > 0) {
    const r = (await engine.call('embed_model', { model: process.argv[modelAt + 1] })) as { isError?: boolean; error?: { message: string } };
    if (r.isError) throw new Error(r.error?.message);
  }
  await engine.importSource(memorySource('cran', col.docs));
  const t0 = performance.now();
  const status = await engine.embed.runToCompletion();
  const embedS = (performance.now() - t0) / 1000;
  if (cache) saveDb(engine.db, cache);
  const db = engine.db;
  const idOf = new Map(db.all<{ id: number; path: string }>('SELECT id, path FROM entries').map((r) => [r.path, r.id] as const));
  const pathOf = new Map([...idOf].map(([p, id]) => [id, p] as const));
  const index = await engine.embed.index();

  const rows: [string, Metrics][] = [];
  const text = new Map<number, Ranked[]>();
  const vector = new Map<number, Ranked[]>();
  const asPaths = (list: Ranked[]) => list.map((r) => pathOf.get(r.entryId)!);
  for (const q of col.queries) {
    const r = (await engine.call('search', { query: q.text, mode: 'text', page_size: 100 })) as { results: { path: string; score: number }[] };
    text.set(q.id, r.results.map((h) => ({ entryId: idOf.get(h.path)!, score: h.score })));
    const v = await engine.embed.queryVector(q.text);
    if (!v.ok) throw new Error(v.message);
    vector.set(q.id, vectorRank(db, index, v.vector, null, 100).hits);
  }
  const run = (f: (q: number) => Ranked[]) => evaluate(new Map(col.queries.map((q) => [q.id, asPaths(f(q.id))])), col.qrels);
  rows.push(['text', run((q) => text.get(q)!)]);
  rows.push(['vector (int8)', run((q) => vector.get(q)!)]);
  const variants: [Fusion, number, number][] = [
    ['rrf', 60, 0.5], ['rrf', 60, 0.3], ['rrf', 60, 0.2], ['rrf', 20, 0.3], ['rrf', 10, 0.3], ['rrf', 10, 0.2], ['rrf', 10, 0.4],
    ['score', 0, 0.1], ['score', 0, 0.2], ['score', 0, 0.3], ['score', 0, 0.4], ['score', 0, 0.5],
  ];
  for (const [method, k, alpha] of variants) {
    const name = method === 'rrf' ? `hybrid RRF k=${k} vector weight ${alpha}` : `hybrid score fusion vector weight ${alpha}`;
    rows.push([name, run((q) => fuseVariant(text.get(q)!, vector.get(q)!, { method, k, alpha, hasVectors: (id) => index.has(id) }))]);
  }

  // float32 vs int8: the same chunks, scored exactly in float32 (--no-float: skipped, it embeds every chunk again).
  const withFloat = !process.argv.includes('--no-float');
  const chunks = db.all<{ entry_id: number; title: string; heading: string | null; text: string }>(
    'SELECT c.entry_id, e.title, c.heading, c.text FROM chunks c JOIN entries e ON e.id = c.entry_id WHERE c.readable = 1 ORDER BY c.id',
  );
  const { sharedEmbedder } = await import('../worker/embed/testing');
  const emb = sharedEmbedder();
  const f32: Float32Array[] = [];
  for (let i = 0; withFloat && i < chunks.length; i += 64) {
    const batch = chunks.slice(i, i + 64);
    const flat = await emb.embed(batch.map((c) => chunkInput(c.title, c.heading, c.text)), 'passage');
    const dim = flat.length / batch.length;
    for (let j = 0; j < batch.length; j++) f32.push(flat.slice(j * dim, (j + 1) * dim));
  }
  const exact = (qv: Float32Array, vecs: Float32Array[]) => {
    const best = new Map<number, number>();
    vecs.forEach((v, i) => {
      let s = 0;
      for (let k = 0; k < v.length; k++) s += v[k] * qv[k];
      const e = chunks[i].entry_id;
      if (!best.has(e) || s > best.get(e)!) best.set(e, s);
    });
    return [...best].sort((a, b) => b[1] - a[1]).slice(0, 100).map(([entryId, score]) => ({ entryId, score }));
  };
  const qvecs = new Map<number, Float32Array>();
  for (const q of col.queries) {
    const v = await engine.embed.queryVector(q.text);
    if (v.ok) qvecs.set(q.id, v.vector);
  }
  if (withFloat) {
    rows.push(['vector (float32, exact)', run((q) => exact(qvecs.get(q)!, f32))]);
    const roundTrip = f32.map((v) => dequantize(quantizeInt8(v)));
    rows.push(['vector (int8 round trip, float math)', run((q) => exact(qvecs.get(q)!, roundTrip))]);
  }

  const head = `Cranfield 1400: ${col.queries.length} queries, ${Object.keys(col.docs).length} docs, ${status.chunks_total} chunks, model ${status.model.id}`;
  const table = ['| mode | nDCG@10 | MRR@10 | recall@100 |', '|---|---:|---:|---:|', ...rows.map(([name, m]) => `| ${name} | ${fmt(m)} |`)].join('\n');
  console.log(`\n${head}; embedded in ${embedS.toFixed(1)} s\n\n${table}`);
  if (!process.argv.includes('--no-doc')) {
    writeDocSection(
      'eval-vector',
      `## Retrieval quality: text, vector and hybrid on Cranfield (\`npm run eval:vector\`)

${head}. Every mode answers the same 225 natural-language questions over
the same index; relevance grades 1-4 are gains 4-1 (nDCG), any judged
document counts as relevant (MRR, recall). "text" is the search tool's text
mode as it stands on this branch; the hybrid rows fuse that ranking with the
vector ranking (top 100 of each) in the ways compared; the float32 rows score
the same chunks without int8 quantisation. Measured ${new Date().toISOString().slice(0, 10)}.

${table}`,
    );
  }
  const out = process.argv.indexOf('--json');
  if (out > 0) writeFileSync(process.argv[out + 1], JSON.stringify(Object.fromEntries(rows), null, 2));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
