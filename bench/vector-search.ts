// npm run bench:vector — vector and hybrid search on seekstone-10k in Node
// (bench/vector-measure.ts), over the vectors of the whole vault computed by
// `npm run bench:vector-embed -- --full` (bench/out/seekstone-embedded.db;
// they are matched to chunks by text hash, so the index is rebuilt from a
// fresh import). Writes the "vector-node" section of docs/benchmarks.md.
// Options: --no-doc.
import { existsSync, readFileSync } from 'node:fs';
import { openMemoryDb } from '../worker/db/open-node';
import { nodeSource } from '../worker/ingest/walk-node';
import { nodeEmbedder } from '../worker/embed/node-embedder';
import { describeMachine } from './browser/machine';
import { writeDocSection } from './browser/doc-section';
import { markdownTable } from './browser/table';
import { keywordQueries, measureVectorSearch, type StoredVector } from './vector-measure';
import { EMBEDDED_DB, SEEKSTONE } from './vector-embed';
import { loadNote } from './lib/load';
import { loadavg as loadNow } from 'node:os';

const LOAD_BEFORE = loadNow()[0];

async function main() {
  if (!existsSync(SEEKSTONE)) return console.log(`skipped: ${SEEKSTONE} is missing (needs ../shared/corpora/seekstone-10k)`);
  if (!existsSync(EMBEDDED_DB)) return console.log(`skipped: ${EMBEDDED_DB} is missing; run: npm run bench:vector-embed -- --full`);
  const semantic = JSON.parse(readFileSync(new URL('./seekstone-semantic.json', import.meta.url), 'utf8')).queries;
  const keywords = keywordQueries(JSON.parse(readFileSync(new URL('./eval/data/seekstone-keyword-queries.json', import.meta.url), 'utf8')));
  const mb = (n: number) => Math.round(n / 1e5) / 10;
  const rows = await measureVectorSearch({
    host: 'node',
    db: await openMemoryDb(),
    embedder: nodeEmbedder({ offline: true }),
    seekstone: nodeSource(SEEKSTONE, 'seekstone'),
    async vectors() {
      const src = await openMemoryDb({ file: EMBEDDED_DB, migrate: false });
      try {
        return src.all<StoredVector>('SELECT model, hash, dim, scale, vec FROM vectors');
      } finally {
        src.close();
      }
    },
    semantic,
    keywords,
    memory: () => {
      global.gc?.();
      const m = process.memoryUsage();
      return { 'process RSS': mb(m.rss), 'JS heap': mb(m.heapUsed), 'array buffers + wasm': mb(m.arrayBuffers + m.external) };
    },
    log: (s) => process.stderr.write(`[vector] ${s}\n`),
  });
  const table = markdownTable(rows);
  const machine = describeMachine();
  console.log(`${table}\n\nMachine: ${machine}`);
  if (!process.argv.includes('--no-doc')) {
    writeDocSection(
      'vector-node',
      `## Vector and hybrid search, Node (\`npm run bench:vector\`)

seekstone-10k with the bundled model (USE-lite int8), in Node (the CLI's
engine, onnxruntime-node). Vectors of the whole vault come from
\`npm run bench:vector-embed -- --full\`; latency is over every chunk.

Measured ${new Date().toISOString().slice(0, 10)} on ${machine}. ${loadNote(LOAD_BEFORE)}

${table}`,
    );
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
