// Embedding throughput on seekstone-10k (../shared/corpora/seekstone-10k) in
// Node with the bundled model: chunks/s on a sample of notes spread over the
// vault and the whole vault's time extrapolated from it, or with --full the
// whole vault measured, saving the embedded index for bench/vector-search.ts.
// Run: npm run bench:vector-embed [-- --full] [-- --sample 400]
import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openMemoryDb, saveDb } from '../worker/db/open-node';
import { nodeSource } from '../worker/ingest/walk-node';
import { chunkerId } from '../worker/embed/models';
import { chunkNotes, notesToChunk } from '../worker/embed/store';
import { engineOn } from '../worker/embed/testing';

export const SEEKSTONE = new URL('../../shared/corpora/seekstone-10k/vault/', import.meta.url).pathname;
export const EMBEDDED_DB = new URL('./out/seekstone-embedded.db', import.meta.url).pathname;

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
}

async function main() {
  if (!existsSync(SEEKSTONE)) {
    console.log(`skipped: ${SEEKSTONE} is missing (this benchmark needs ../shared/corpora/seekstone-10k)`);
    return;
  }
  const full = process.argv.includes('--full');
  const sampleNotes = Number(arg('--sample') ?? 400);
  const db = await openMemoryDb();
  const engine = engineOn(db, { service: { maxBatch: 64, targetBatchMs: 1000 } });
  engine.embed.pause(); // timed explicitly below, not as a side effect of the import
  let t = performance.now();
  const summary = await engine.importSource(nodeSource(SEEKSTONE, 'seekstone'));
  const rows: [string, string][] = [['notes imported', `${summary.notes} in ${((performance.now() - t) / 1000).toFixed(1)} s`]];

  if (full) {
    t = performance.now();
    engine.embed.resume();
    const progress = setInterval(() => {
      const p = engine.embed.status();
      process.stderr.write(`[vector-embed] ${p.state} ${p.chunks_done}/${p.chunks_total} chunks, ${p.rate_per_s ?? '?'}/s, ~${p.eta_s ?? '?'} s left\n`);
    }, 30_000);
    const s = await engine.embed.whenIdle();
    clearInterval(progress);
    const secs = (performance.now() - t) / 1000;
    if (s.error) throw new Error(s.error);
    rows.push(['whole vault, measured (Node, chunking included)', `${s.chunks_done} chunks in ${(secs / 60).toFixed(1)} min = ${(s.chunks_done / secs).toFixed(0)} chunks/s`]);
    mkdirSync(dirname(EMBEDDED_DB), { recursive: true });
    saveDb(db, EMBEDDED_DB);
    rows.push(['embedded index saved to', EMBEDDED_DB]);
  } else {
    const spec = engine.embed.model;
    const chunker = chunkerId(spec);
    t = performance.now();
    for (let notes = notesToChunk(db, chunker, 200); notes.length; notes = notesToChunk(db, chunker, 200)) chunkNotes(db, notes, spec, chunker);
    const chunkS = (performance.now() - t) / 1000;
    const total = Number(db.column('SELECT COUNT(*) FROM chunks WHERE readable = 1')[0]);
    // A sample spread over the vault: every Nth note keeps its chunks.
    const every = Math.max(1, Math.floor(summary.notes / sampleNotes));
    db.exec(`DELETE FROM chunks WHERE entry_id % ${every} <> 0`);
    const sample = Number(db.column('SELECT COUNT(*) FROM chunks WHERE readable = 1')[0]);
    const notes = Number(db.column('SELECT COUNT(DISTINCT entry_id) FROM chunks')[0]);
    t = performance.now();
    engine.embed.resume();
    const s = await engine.embed.whenIdle();
    const secs = (performance.now() - t) / 1000;
    if (s.error) throw new Error(s.error);
    const rate = sample / secs;
    rows.push(['chunking the whole vault (Node)', `${total} chunks from ${summary.notes} notes in ${chunkS.toFixed(1)} s`]);
    rows.push(['embedding throughput (Node, sample)', `${rate.toFixed(0)} chunks/s (${sample} chunks of ${notes} notes in ${secs.toFixed(1)} s)`]);
    rows.push(['whole vault, extrapolated (Node)', `${(total / rate / 60).toFixed(1)} min for ${total} chunks`]);
  }
  console.log('\n| measure | value |\n|---|---|');
  for (const [k, v] of rows) console.log(`| ${k} | ${v} |`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
