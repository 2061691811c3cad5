// npm run bench:int8: USE-lite's three files side by side in Node, in one
// run: float32 (model.onnx), int8 weights behind DequantizeLinear (the
// shipped model_quantized.onnx) and real int8 compute (model_int8.onnx,
// built by quantize-dynamic.ts): embedding throughput (rounds interleaved),
// agreement with float32 (cosine per text) and Cranfield retrieval quality
// (each document's first 128 tokens as one vector, the 225 questions,
// nDCG@10 and MRR@10: the same crude setup for all three, to compare them).
// Writes the "int8" section of docs/benchmarks.md unless --no-doc.
import { copyFileSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { loadavg } from 'node:os';
import protobuf from 'protobufjs';
import { BUILTIN_MODELS, type ModelSpec } from '../../worker/embed/models';
import { nodeEmbedder, BUNDLED_MODELS_DIR } from '../../worker/embed/node-embedder';
import { cranfield } from '../eval/collections';
import { mean, mrrAt, ndcgAt } from '../eval/metrics';
import { writeDocSection } from '../browser/doc-section';
import { describeMachine } from '../browser/machine';
import { markdownTable } from '../browser/table';
import { loadNote } from '../lib/load';
import { INT8_MODEL, gatherBeforeDequantize, rewrite } from './quantize-dynamic';

const LOAD_BEFORE = loadavg()[0];
const SHARED_FP32 = new URL('../../../shared/models/use-lite-onnx/onnx/model.onnx', import.meta.url).pathname;
const FOLDER = dirname(dirname(INT8_MODEL));

/** bench/out/use-lite-int8/: the bundled model's files, the float32 file from ../shared and the rewritten one. */
function prepareFolder(): void {
  mkdirSync(join(FOLDER, 'onnx'), { recursive: true });
  const src = join(BUNDLED_MODELS_DIR, 'use-lite-onnx');
  for (const f of ['config.json', 'tokenizer.json', 'tokenizer_config.json', 'onnx/model_quantized.onnx']) copyFileSync(join(src, f), join(FOLDER, f));
  if (!existsSync(join(FOLDER, 'onnx/model.onnx'))) symlinkSync(SHARED_FP32, join(FOLDER, 'onnx/model.onnx'));
  const root = protobuf.loadSync(new URL('./onnx.proto', import.meta.url).pathname);
  const M = root.lookupType('onnx.ModelProto');
  const model = M.toObject(M.decode(readFileSync(join(src, 'onnx/model_quantized.onnx'))), { longs: String, arrays: true }) as Parameters<typeof rewrite>[0];
  const report = rewrite(model);
  gatherBeforeDequantize(model);
  process.stderr.write(`model_int8.onnx: ${report.rewritten} of ${report.matmuls} MatMuls rewritten\n`);
  const bytes = M.encode(M.fromObject(model)).finish();
  writeFileSync(INT8_MODEL, bytes);
}

const VARIANTS = [
  { dtype: 'fp32', file: 'model.onnx (float32)' },
  { dtype: 'q8', file: 'model_quantized.onnx (int8 weights, DequantizeLinear; shipped)' },
  { dtype: 'int8', file: 'model_int8.onnx (MatMulInteger, dynamic activation quantisation)' },
] as const;

const cosine = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i], 0);

const coll = existsSync(SHARED_FP32) ? cranfield() : null;
if (!coll) {
  process.stdout.write('bench:int8 skipped: ../shared/models/use-lite-onnx and ../shared/corpora/cranfield are needed.\n');
  process.exit(0);
}
prepareFolder();
const dec = new TextDecoder();
const docs: { key: string; text: string }[] = [];
for await (const f of coll.source.files()) {
  const key = coll.docKey(f.path);
  // The title and the abstract, as one text (a few abstracts are empty).
  if (key) docs.push({ key, text: dec.decode(await f.read()).replace(/^---\ntitle: (.*)\n---\n/, (_, t: string) => `${JSON.parse(t) as string}. `).trim() });
}
const sample = docs.filter((_, i) => i % 5 === 0).slice(0, 256).map((d) => d.text.slice(0, 400));
const base = BUILTIN_MODELS[0];
const embedder = (dtype: string) => {
  const e = nodeEmbedder({ bundledDir: dirname(FOLDER), offline: true });
  const spec: ModelSpec = { ...base, id: `use-lite-${dtype}`, source: { kind: 'bundled', path: 'use-lite-int8' }, dtype: dtype as ModelSpec['dtype'] };
  return { e, spec };
};

async function embedAll(e: ReturnType<typeof nodeEmbedder>, texts: readonly string[], batch = 16): Promise<Float32Array[]> {
  const out: Float32Array[] = [];
  for (let i = 0; i < texts.length; i += batch) {
    const flat = await e.embed(texts.slice(i, i + batch), 'passage');
    const dim = flat.length / Math.min(batch, texts.length - i);
    for (let k = 0; k * dim < flat.length; k++) out.push(flat.slice(k * dim, (k + 1) * dim));
  }
  return out;
}

const loaded = new Map<string, ReturnType<typeof embedder>>();
for (const v of VARIANTS) {
  const x = embedder(v.dtype);
  await x.e.load(x.spec);
  loaded.set(v.dtype, x);
}
// Throughput: 3 rounds, the variants interleaved, so a change in the machine's load falls on all three.
const rates = new Map<string, number[]>();
for (let round = 0; round < 3; round++) {
  for (const v of VARIANTS) {
    const { e } = loaded.get(v.dtype)!;
    const t0 = performance.now();
    await embedAll(e, sample);
    rates.set(v.dtype, [...(rates.get(v.dtype) ?? []), sample.length / ((performance.now() - t0) / 1000)]);
  }
}
const reference = await embedAll(loaded.get('fp32')!.e, sample);
const rows: Record<string, string | number>[] = [];
for (const v of VARIANTS) {
  const { e } = loaded.get(v.dtype)!;
  const vecs = await embedAll(e, sample);
  const cos = vecs.map((x, i) => cosine(x, reference[i]));
  const docVecs = await embedAll(e, docs.map((d) => d.text));
  const queries = coll.queries;
  const qVecs = await embedAll(e, queries.map((q) => q.text));
  const ndcg: number[] = [];
  const mrr: number[] = [];
  qVecs.forEach((q, i) => {
    const ranked = docVecs.map((d, j) => [cosine(q, d), j] as const).sort((a, b) => b[0] - a[0]).slice(0, 10).map(([, j]) => docs[j].key);
    ndcg.push(ndcgAt(ranked, queries[i].gains, 10));
    mrr.push(mrrAt(ranked, queries[i].gains, 10));
  });
  const r = rates.get(v.dtype)!.sort((a, b) => a - b);
  rows.push({
    file: v.file,
    'passages/s (median of 3)': Math.round(r[1] * 10) / 10,
    'rounds': r.map((x) => x.toFixed(0)).join(' / '),
    'cosine to float32, mean': cos.reduce((a, b) => a + b, 0) / cos.length >= 0.99995 ? '1.0000' : mean(cos).toFixed(4),
    'cosine to float32, min': Math.min(...cos).toFixed(4),
    'Cranfield nDCG@10': mean(ndcg).toFixed(4),
    'Cranfield MRR@10': mean(mrr).toFixed(4),
  });
}
const table = markdownTable(rows);
const machine = describeMachine();
process.stdout.write(`${table}\n\nMachine: ${machine}\n`);
if (!process.argv.includes('--no-doc')) {
  writeDocSection(
    'int8',
    `## USE-lite: float32, int8 weights and int8 compute, Node (\`npm run bench:int8\`)

The three files of the bundled model side by side in one run, in Node
(onnxruntime-node through transformers.js, as the CLI runs it):
\`model.onnx\` (float32, from ../shared), the shipped \`model_quantized.onnx\`
(int8 weights behind DequantizeLinear, which ONNX Runtime turns back into
float32 weights: every MatMul runs in float32) and \`model_int8.onnx\`, built
by \`bench/int8/quantize-dynamic.ts\` from the shipped file: its 10 MatMuls
with int8 weights become DynamicQuantizeLinear → MatMulInteger → Cast → Mul
(what onnxruntime's \`quantize_dynamic\` writes), with the same int8 weights
and per-column scales; the embedding table's DequantizeLinear (a Gather) is
left as it is. Throughput: ${sample.length} Cranfield passages (≤ 400 characters) in
batches of 16, three rounds with the files interleaved. Agreement: cosine of
each passage's vector to the float32 one. Quality: each of the 1,400
Cranfield documents as one vector (its first 128 tokens), the 225 questions,
nDCG@10 and MRR@10; a crude setup, not Kioku's passages and hybrid, used
only to compare the files with each other.

Measured ${new Date().toISOString().slice(0, 10)} on ${machine}. The machine's 2 cores were shared with
other work during the run (rates are lower bounds). ${loadNote(LOAD_BEFORE)}

${table}`,
  );
}
