// npm run bench:vector-chromium — the vector benchmark in headless Chromium
// (bench/browser/scenarios/vector.ts). Packs the vault's vectors computed in
// Node (bench/out/seekstone-embedded.db, from npm run bench:vector-embed --
// --full) into bench/out/seekstone-vectors/ and hands them in with the vault.
// Writes the "vector-chromium" section of docs/benchmarks.md. Options: --no-build, --no-doc, --opt sample=N.
import { existsSync } from 'node:fs';
import { parseArgs, runBench } from './browser/cli';
import { writeDocSection } from './browser/doc-section';
import { markdownTable } from './browser/table';
import { EMBEDDED_DB, SEEKSTONE } from './vector-embed';
import { packedVectors, VECTORS_DIR } from './lib/embedded-vectors';
import { loadNote } from './lib/load';
import { loadavg as loadNow } from 'node:os';

const LOAD_BEFORE = loadNow()[0];

const argv = process.argv.slice(2);

if (!existsSync(SEEKSTONE) || !existsSync(EMBEDDED_DB)) {
  console.log(`skipped: needs ${SEEKSTONE} and ${EMBEDDED_DB} (npm run bench:vector-embed -- --full)`);
} else {
  await packedVectors();
  const req = parseArgs(['vector', '--corpus', 'seekstone-10k', '--corpus', `seekstone-vectors=${VECTORS_DIR}`, ...argv.filter((a) => a !== '--no-doc')]);
  const result = await runBench(req);
  if (result) {
    const table = markdownTable(result.rows);
    console.log(`${table}\n\nMachine: ${result.machine}`);
    if (!argv.includes('--no-doc')) {
      writeDocSection(
        'vector-chromium',
        `## Vector and hybrid search, Chromium (\`npm run bench:vector-chromium\`)

seekstone-10k in headless Chromium: the engine's worker on OPFS, the embed
worker (ONNX Runtime wasm, one thread, USE-lite int8) started from it as the
app does. Embedding the whole vault in wasm takes hours, so throughput is
sampled and the vault's vectors are the ones Node computed (identical model
and chunks; matched by text hash). Latency is over every chunk.

Measured ${new Date().toISOString().slice(0, 10)} on ${result.machine}. ${loadNote(LOAD_BEFORE)}

${table}`,
      );
    }
  }
}
