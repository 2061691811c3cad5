// npm run bench:embed-node — passages per second of the Node embedder (the
// kioku CLI's, onnxruntime-node through transformers.js, the default int8
// file) by ONNX Runtime thread count, spinning of its idle threads and batch
// size, wall time and CPU time side by side, configurations interleaved over
// rounds. Passages: a sample of seekstone-10k's (every 20th note chunked as
// the engine chunks it, then every k-th passage), batched by token count in
// windows of four batches, as the queue forms them.
// Options: --no-doc, --rounds N (default 3), --sample N (default 384),
// --pool-only (only the data-parallel pool, the CLI's embedder), --baseline DIR
// (another commit's tree, e.g. `git archive <commit> | tar -x -C DIR` with a
// node_modules link: its pool is measured beside this one, rounds alternated).
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BUILTIN_MODELS, DEFAULT_MODEL_ID } from '../worker/embed/models';
import { nodeEmbedder } from '../worker/embed/node-embedder';
import { nodeEmbedderPool } from '../worker/embed/node-embedder-pool';
import { byLength } from '../worker/embed/batching';
import { WINDOW_BATCHES } from '../worker/embed/queue';
import type { Embedder } from '../worker/embed/embedder';
import { writeDocSection } from './browser/doc-section';
import { describeMachine } from './browser/machine';
import { markdownTable } from './browser/table';
import { loadNote } from './lib/load';
import { samplePassages } from './lib/seekstone-files';

const LOAD_BEFORE = loadavg()[0];
const VAULT = new URL('../../shared/corpora/seekstone-10k/vault', import.meta.url).pathname;
const argv = process.argv.slice(2);
const opt = (name: string, d: number) => {
  const i = argv.indexOf(`--${name}`);
  return i < 0 ? d : Number(argv[i + 1]);
};
if (!existsSync(VAULT)) {
  process.stdout.write('bench:embed-node skipped: ../shared/corpora/seekstone-10k is not on this machine.\n');
  process.exit(0);
}
const ROUNDS = opt('rounds', 3);
const POOL_ONLY = argv.includes('--pool-only');
const baselineAt = argv.indexOf('--baseline');
const BASELINE = baselineAt < 0 ? undefined : resolve(argv[baselineAt + 1]);
const BASELINE_POOL = BASELINE && join(BASELINE, 'worker/embed/node-embedder-pool.ts');
if (BASELINE_POOL && !existsSync(BASELINE_POOL)) throw new Error(`--baseline ${BASELINE}: no worker/embed/node-embedder-pool.ts there (extract the commit with git archive <commit> | tar -x -C DIR, and link node_modules into it)`);
const SAMPLE = opt('sample', 384);
const spec = BUILTIN_MODELS.find((m) => m.id === DEFAULT_MODEL_ID)!;

interface Config {
  label: string;
  threads?: number;
  spinning: boolean;
  batch: number;
  /** Embedder threads of the pool (node-embedder-pool.ts), each with one ONNX Runtime thread; absent: one embedder in-process. */
  workers?: number;
  /** The pool of the --baseline tree rather than this one. */
  baseline?: boolean;
}
const ALL: Config[] = [
  { label: 'ONNX Runtime default threads, spinning (before)', spinning: true, batch: 16 },
  { label: 'ONNX Runtime default threads, no spinning (the CLI before the pool)', spinning: false, batch: 16 },
  { label: '1 thread', threads: 1, spinning: false, batch: 16 },
  { label: '2 threads, spinning', threads: 2, spinning: true, batch: 16 },
  { label: '2 threads, no spinning', threads: 2, spinning: false, batch: 16 },
  { label: 'ONNX Runtime default threads, no spinning', spinning: false, batch: 8 },
  { label: 'ONNX Runtime default threads, no spinning', spinning: false, batch: 32 },
  { label: 'ONNX Runtime default threads, no spinning', spinning: false, batch: 64 },
  { label: '2 embedder threads × 1 ONNX Runtime thread (data parallel)', spinning: false, batch: 16, workers: 2 },
  { label: '2 embedder threads × 1 ONNX Runtime thread (data parallel)', spinning: false, batch: 32, workers: 2 },
  // The queue sizes the CLI's batches to about 400 ms, at most 64 passages: 64 is what `kioku index` runs.
  { label: '2 embedder threads × 1 ONNX Runtime thread (data parallel, the CLI\'s batch)', spinning: false, batch: 64, workers: 2 },
];
const POOLS = ALL.filter((c) => c.workers);
const CONFIGS: Config[] = [
  ...(POOL_ONLY ? POOLS : ALL),
  ...(BASELINE ? POOLS.map((c) => ({ ...c, label: `${c.label.replace(/ \(data parallel.*\)$/, ' (data parallel)')}, baseline ${BASELINE.split('/').pop()}`, baseline: true })) : []),
];
const baselinePool = BASELINE_POOL ? ((await import(pathToFileURL(BASELINE_POOL).href)) as { nodeEmbedderPool: typeof nodeEmbedderPool }).nodeEmbedderPool : undefined;

const sample = samplePassages(VAULT, spec, SAMPLE);
const counter = nodeEmbedder({ offline: true });
await counter.load(spec);
const counts = await counter.tokenCounts!(sample);
const batchesOf = (size: number) => {
  const out: string[][] = [];
  const w = size * WINDOW_BATCHES;
  for (let i = 0; i < sample.length; i += w) out.push(...byLength(sample.slice(i, i + w), counts.slice(i, i + w), size));
  return out;
};

const embedders = new Map<Config, Embedder>();
for (const c of CONFIGS) {
  const e = c.workers ? (c.baseline ? baselinePool! : nodeEmbedderPool)({ offline: true, workers: c.workers }) : nodeEmbedder({ offline: true, threads: c.threads, spinning: c.spinning });
  await e.load(spec);
  await e.embed(sample.slice(0, c.batch), 'passage'); // warm-up: first-run allocations
  embedders.set(c, e);
}
const wall = new Map<Config, number[]>();
const cpu = new Map<Config, number[]>();
for (let round = 0; round < ROUNDS; round++) {
  // Rounds interleave the configurations (in a rotated order), so a change in the machine's load falls on all of them.
  const order = CONFIGS.map((_, i) => CONFIGS[(i + round) % CONFIGS.length]);
  for (const c of order) {
    const work = batchesOf(c.batch);
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    for (const b of work) await embedders.get(c)!.embed(b, 'passage');
    const ms = performance.now() - t0;
    const u = process.cpuUsage(c0);
    wall.set(c, [...(wall.get(c) ?? []), sample.length / (ms / 1000)]);
    cpu.set(c, [...(cpu.get(c) ?? []), sample.length / ((u.user + u.system) / 1e6)]);
    process.stderr.write(`round ${round + 1} ${c.label}, batch ${c.batch}: ${(sample.length / (ms / 1000)).toFixed(1)}/s wall, ${(sample.length / ((u.user + u.system) / 1e6)).toFixed(1)} per CPU-s\n`);
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const r1 = (x: number) => Math.round(x * 10) / 10;
const rows = CONFIGS.map((c) => ({
  configuration: c.label,
  batch: c.batch,
  'passages/s (wall), best': r1(Math.max(...wall.get(c)!)),
  'passages/s (wall), median': r1(median(wall.get(c)!)),
  rounds: wall.get(c)!.map((x) => x.toFixed(0)).join(' / '),
  'passages / CPU-s, median': r1(median(cpu.get(c)!)),
  'CPU ms / passage, median': Math.round(1e4 / median(cpu.get(c)!)) / 10,
}));
const table = markdownTable(rows);
const machine = describeMachine();
process.stdout.write(`${table}\n\nMachine: ${machine}\n`);
if (!argv.includes('--no-doc')) {
  writeDocSection(
    'embed-node',
    `## Embedding throughput, Node, by threads and spinning (\`npm run bench:embed-node\`)

The Node embedder (the kioku CLI's: onnxruntime-node through transformers.js,
the default int8 file \`model_int8.onnx\`), ${sample.length} passages of
seekstone-10k batched by token count as the queue does, each configuration
its own session, ${ROUNDS} rounds interleaved. "Data parallel": the batch
cut into runs of equal characters, one a thread (several of ~16 passages
when a thread's share is larger), each thread an embedder with one ONNX
Runtime thread (\`worker/embed/node-embedder-pool.ts\`); the CLI's queue
hands it batches of up to 64.${BASELINE ? ` "Baseline": the pool of the tree at ${BASELINE}, alternated with this one.` : ''} "Default threads": ONNX
Runtime's own choice (one per physical core: 2 here). Spinning: whether
ONNX Runtime's idle pool threads busy-wait for work (its default) or sleep
(\`session.intra_op.allow_spinning = 0\`, what the Node embedder sets).
Wall rates on a shared machine measure the other work too; passages per
CPU-second (the whole process) are far steadier.

Measured ${new Date().toISOString().slice(0, 10)} on ${machine}. ${loadNote(LOAD_BEFORE)}

${table}`,
  );
}
process.exit(0);
