// npm run bench:import-inline: what reading inline #tags and Dataview fields
// costs an import (issue 12: at most 10% on seekstone-10k). Imports the
// corpus in Node into a fresh in-memory database, alternating runs with the
// inline pass on and off (the baseline, same run), and reports CPU seconds.
//   npx tsx bench/import-inline.ts [--repeat 3] [--corpus <dir>]
import { existsSync } from 'node:fs';
import { cpuUsage } from 'node:process';
import { openMemoryDb } from '../worker/db/open-node';
import { createEngine } from '../worker/engine';
import { inlineMetaReading } from '../worker/ingest/inline-meta';
import { memorySource } from '../worker/ingest/source';
import { nodeSource } from '../worker/ingest/walk-node';
import { KNOWN_CORPORA } from './browser/corpus-node';
import { loadNote } from './lib/load';
import { loadavg } from 'node:os';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? undefined : process.argv[i + 1];
};
const dir = arg('corpus') ?? KNOWN_CORPORA['seekstone-10k'];
const repeat = Number(arg('repeat') ?? 3);
if (!existsSync(dir)) {
  process.stdout.write(`bench:import-inline skipped: ${dir} is not on this machine.\n`);
  process.exit(0);
}

// Read once into memory, so both variants parse and write the same bytes without disk reads.
const files: Record<string, Uint8Array> = {};
for await (const f of nodeSource(dir).files()) files[f.path] = await f.read();
const before = loadavg()[0];

async function once(enabled: boolean): Promise<{ cpu: number; wall: number; inlineRows: number }> {
  inlineMetaReading.enabled = enabled;
  const engine = createEngine(await openMemoryDb());
  const c0 = cpuUsage();
  const t0 = performance.now();
  const s = await engine.importSource(memorySource('v', files));
  const wall = (performance.now() - t0) / 1000;
  const c = cpuUsage(c0);
  if (s.phase !== 'done') throw new Error(`import failed: ${s.error}`);
  const inlineRows = engine.db.get<{ n: number }>("SELECT COUNT(*) AS n FROM fm WHERE src = 'inline'")!.n;
  engine.db.close();
  return { cpu: (c.user + c.system) / 1e6, wall, inlineRows };
}

const runs: Record<'on' | 'off', { cpu: number; wall: number; inlineRows: number }[]> = { on: [], off: [] };
await once(true); // warm-up (JIT, caches), not counted
for (let i = 0; i < repeat; i++) {
  // Alternating, so drifting machine load falls on both.
  runs.off.push(await once(false));
  runs.on.push(await once(true));
}
inlineMetaReading.enabled = true;
const best = (xs: number[]) => Math.min(...xs);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const row = (k: 'on' | 'off') =>
  `| ${k === 'on' ? 'inline tags and fields read' : 'baseline: inline pass off'} | ${best(runs[k].map((r) => r.cpu)).toFixed(2)} | ${median(runs[k].map((r) => r.cpu)).toFixed(2)} | ${median(runs[k].map((r) => r.wall)).toFixed(2)} | ${runs[k][0].inlineRows} |`;
const ratio = best(runs.on.map((r) => r.cpu)) / best(runs.off.map((r) => r.cpu));
process.stdout.write(
  [
    `${Object.keys(files).length} files from ${dir}, ${repeat} runs each, alternating (Node, in-memory database).`,
    '',
    '| variant | best cpu s | median cpu s | median wall s | inline fm rows |',
    '|---|---:|---:|---:|---:|',
    row('off'),
    row('on'),
    '',
    `Best CPU with / without: ${ratio.toFixed(3)} (${((ratio - 1) * 100).toFixed(1)}%).`,
    loadNote(before),
    '',
  ].join('\n'),
);
