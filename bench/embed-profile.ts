// npm run bench:embed-profile: where the time of one embedding batch goes, in
// Node, stage by stage, in CPU time (steadier than wall time on a shared
// machine): tokenising, the ONNX run alone (onnxruntime-node, one thread;
// and ONNX Runtime Web's wasm in Node, its plain and asyncify builds, as the
// browser runs it), the whole transformers.js call the engine makes, int8
// quantisation and the SQLite write. Passages: a sample of seekstone-10k's
// (every 20th note chunked as the engine chunks, then every k-th passage),
// in batches in vault order and sorted by token count as the queue forms
// them. Files: the shipped int8-weight file and the int8-compute one.
// Options: --no-doc, --wasm=no. Writes the "embed-profile" section of docs/benchmarks.md.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { BUILTIN_MODELS, type ModelSpec } from '../worker/embed/models';
import { BUNDLED_MODELS_DIR, nodeEmbedder } from '../worker/embed/node-embedder';
import { quantizeInt8 } from '../worker/embed/quantize';
import { writeVectors } from '../worker/embed/store';
import { byLength } from '../worker/embed/batching';
import { WINDOW_BATCHES } from '../worker/embed/queue';
import { openMemoryDb } from '../worker/db/open-node';
import { createEngine } from '../worker/engine';
import { writeDocSection } from './browser/doc-section';
import { describeMachine } from './browser/machine';
import { markdownTable } from './browser/table';
import { loadNote } from './lib/load';
import { samplePassages } from './lib/seekstone-files';

const LOAD_BEFORE = loadavg()[0];
const VAULT = new URL('../../shared/corpora/seekstone-10k/vault', import.meta.url).pathname;
const argv = process.argv.slice(2);
if (!existsSync(VAULT)) {
  process.stdout.write('bench:embed-profile skipped: ../shared/corpora/seekstone-10k is not on this machine.\n');
  process.exit(0);
}
const BATCH = 16;
const SAMPLE = 256;

/** CPU milliseconds of this process while `f` runs. */
async function cpuMs(f: () => Promise<unknown> | unknown): Promise<number> {
  const c0 = process.cpuUsage();
  await f();
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1000;
}

const sample = samplePassages(VAULT, BUILTIN_MODELS[0], SAMPLE);
const base = BUILTIN_MODELS[0];
const specOf = (dtype: ModelSpec['dtype']): ModelSpec => ({ ...base, id: `profile-${dtype}`, dtype });
const embedder = nodeEmbedder({ offline: true });
await embedder.load(specOf('q8'));
const lib = await import('@huggingface/transformers');
const tokenizer = await lib.AutoTokenizer.from_pretrained('use-lite-onnx', { local_files_only: true } as never);
const counts = sample.map((t) => tokenizer.encode(t).length);

function vaultOrder(): string[][] {
  const out: string[][] = [];
  for (let i = 0; i < sample.length; i += BATCH) out.push(sample.slice(i, i + BATCH));
  return out;
}
function tokenOrder(): string[][] {
  const out: string[][] = [];
  const w = BATCH * WINDOW_BATCHES;
  for (let i = 0; i < sample.length; i += w) out.push(...byLength(sample.slice(i, i + w), counts.slice(i, i + w), BATCH));
  return out;
}
const orders = { vault: vaultOrder(), 'by tokens': tokenOrder() } as const;
const padded = (batches: string[][]) => batches.reduce((s, b) => s + b.length * Math.max(...b.map((t) => Math.min(128, tokenizer.encode(t).length))), 0);
const feedsOf = (batches: string[][]) => batches.map((b) => tokenizer(b, { padding: true, truncation: true }) as unknown as { input_ids: { data: BigInt64Array; dims: number[] }; attention_mask: { data: BigInt64Array; dims: number[] } });

const rows: Record<string, string | number>[] = [];
const per = (ms: number) => Math.round((ms / sample.length) * 100) / 100;
const add = (stage: string, file: string, order: string, ms: number, note = '') =>
  rows.push({ stage, file, order, 'CPU ms / passage': per(ms), 'passages / CPU-s': Math.round((sample.length / ms) * 1000 * 10) / 10, note });

const real = counts.reduce((s, n) => s + Math.min(128, n), 0);
for (const [name, b] of Object.entries(orders)) add('tokens fed to the model', '', name, NaN, `${padded(b)} padded tokens for ${real} real ones`);
rows.forEach((r) => ((r['CPU ms / passage'] = ''), (r['passages / CPU-s'] = '')));
add('tokenising (counts, as the queue asks)', '', '', await cpuMs(() => sample.map((t) => tokenizer.encode(t))));
add('tokenising (padded batches, as the pipeline does)', '', 'vault', await cpuMs(() => feedsOf(orders.vault)));

const files = { q8: 'model_quantized.onnx (earlier default)', int8: 'model_int8.onnx (int8 compute, default)' } as const;
const path = (dtype: keyof typeof files) => join(BUNDLED_MODELS_DIR, 'use-lite-onnx/onnx', dtype === 'q8' ? 'model_quantized.onnx' : 'model_int8.onnx');
const ortNode = await import('onnxruntime-node');
for (const dtype of Object.keys(files) as (keyof typeof files)[]) {
  if (!existsSync(path(dtype))) continue;
  const session = await ortNode.InferenceSession.create(path(dtype), { intraOpNumThreads: 1, interOpNumThreads: 1 });
  for (const [name, b] of Object.entries(orders)) {
    const feeds = feedsOf(b).map((f) => ({ input_ids: new ortNode.Tensor('int64', f.input_ids.data, f.input_ids.dims), attention_mask: new ortNode.Tensor('int64', f.attention_mask.data, f.attention_mask.dims) }));
    await session.run(feeds[0]);
    add('ONNX run (onnxruntime-node, 1 thread)', files[dtype], name, await cpuMs(async () => { for (const f of feeds) await session.run(f); }));
  }
  await session.release();
  const e = nodeEmbedder({ offline: true });
  await e.load(specOf(dtype));
  await e.embed(sample.slice(0, BATCH), 'passage');
  for (const [name, b] of Object.entries(orders)) add('whole embed() call (transformers.js, its default threads)', files[dtype], name, await cpuMs(async () => { for (const x of b) await e.embed(x, 'passage'); }));
}

if (!argv.includes('--wasm=no')) {
  // ONNX Runtime Web in Node: the same wasm the browser runs, one thread; both builds, one process each would be cleaner, but the module loads one build per process, so the builds run in child processes.
  const { execFileSync } = await import('node:child_process');
  for (const dtype of Object.keys(files) as (keyof typeof files)[]) {
    for (const build of ['ort-wasm-simd-threaded', 'ort-wasm-simd-threaded.asyncify']) {
      const feeds = feedsOf(orders['by tokens']).slice(0, 4).map((f) => ({ ids: Array.from(f.input_ids.data, Number), mask: Array.from(f.attention_mask.data, Number), dims: f.input_ids.dims }));
      const out = execFileSync(process.execPath, [new URL('./embed-profile-wasm.mjs', import.meta.url).pathname, path(dtype), build], { input: JSON.stringify(feeds), encoding: 'utf8' });
      const { cpu, n } = JSON.parse(out) as { cpu: number; n: number };
      rows.push({ stage: `ONNX run (onnxruntime-web wasm in Node, 1 thread, ${build.includes('asyncify') ? 'asyncify build (WebGPU-capable)' : 'plain build'})`, file: files[dtype], order: 'by tokens, first 4 batches', 'CPU ms / passage': Math.round((cpu / n) * 100) / 100, 'passages / CPU-s': Math.round((n / cpu) * 1000 * 10) / 10, note: '' });
    }
  }
}

const db = await openMemoryDb();
createEngine(db, { embedder: null });
const vec = new Float32Array(512).map((_, i) => Math.sin(i));
const q = sample.map(() => quantizeInt8(vec));
add('int8 quantisation of the vectors', '', '', await cpuMs(() => sample.map(() => quantizeInt8(vec))));
add('SQLite write of the vectors (one transaction per batch)', '', '', await cpuMs(() => {
  for (let i = 0; i < q.length; i += BATCH) writeVectors(db, 'profile', q.slice(i, i + BATCH).map((v, k) => ({ hash: `h${i + k}`, ...v })));
}), 'sqlite-wasm in memory');

const table = markdownTable(rows);
const machine = describeMachine();
process.stdout.write(`${table}\n\nMachine: ${machine}\n`);
if (!argv.includes('--no-doc')) {
  writeDocSection(
    'embed-profile',
    `## Embedding: where one batch's time goes, Node (\`npm run bench:embed-profile\`)

${sample.length} passages of seekstone-10k (every 20th note chunked as the
engine chunks it, then every k-th passage), batches of ${BATCH}, in vault
order or sorted by the model's token counts in windows of
${WINDOW_BATCHES} batches (as the queue now forms them). Every figure is CPU
time of this process per passage (on a shared machine CPU time is far
steadier than wall time, though contention still inflates it). The ONNX
run alone is timed on tensors tokenised beforehand; the whole embed() call
is what the engine's queue calls (tokenising, the run, pooling,
normalising, copying out). The wasm rows run ONNX Runtime Web in Node with
the browser's wasm files, in a child process per build.

Measured ${new Date().toISOString().slice(0, 10)} on ${machine}. ${loadNote(LOAD_BEFORE)}

${table}`,
  );
}
process.exit(0);
