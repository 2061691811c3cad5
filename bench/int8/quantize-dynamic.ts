// Builds USE-lite with real int8 compute: every MatMul whose weight is an
// int8 tensor behind DequantizeLinear (model_quantized.onnx, where ONNX
// Runtime folds the weights back to float32 at load) becomes
//   DynamicQuantizeLinear(A) → MatMulInteger(A_q, W_q, A_zp, W_zp) → Cast → Mul(A_scale · W_scale)
// as onnxruntime's quantize_dynamic writes it, with the shipped int8 weights
// and per-column scales unchanged. No Python here: the graph is read and
// written with protobufjs and the subset of onnx.proto beside this file.
//   npx tsx bench/int8/quantize-dynamic.ts [--check] [--out FILE]
// --check only verifies that both shipped files round-trip byte for byte.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import protobuf from 'protobufjs';

const SHARED_MODEL = new URL('../../../shared/models/use-lite-onnx/onnx/', import.meta.url).pathname;
export const INT8_MODEL = new URL('../out/use-lite-int8/onnx/model_int8.onnx', import.meta.url).pathname;
const FLOAT = 1;
const INT8 = 3;

interface Attribute { name: string; type: number; i?: number | string; f?: number }
interface Node { input: string[]; output: string[]; name?: string; opType: string; domain?: string; attribute: Attribute[] }
interface Tensor { name: string; dims: number[]; dataType: number }
interface Model { graph: { node: Node[]; initializer: Tensor[] } }

const root = protobuf.loadSync(new URL('./onnx.proto', import.meta.url).pathname);
const ModelProto = root.lookupType('onnx.ModelProto');

const decode = (bytes: Uint8Array) => ModelProto.toObject(ModelProto.decode(bytes), { longs: String, defaults: false, arrays: true }) as unknown as Model;
const encode = (m: Model) => ModelProto.encode(ModelProto.fromObject(m)).finish();

export interface RewriteReport {
  matmuls: number;
  rewritten: number;
  sharedInputs: number;
}

/** The rewrite, in place. Only MatMuls with an int8 DequantizeLinear weight change; everything else stays. */
export function rewrite(model: Model): RewriteReport {
  const g = model.graph;
  const producer = new Map<string, Node>();
  for (const n of g.node) for (const o of n.output) producer.set(o, n);
  const consumers = new Map<string, number>();
  for (const n of g.node) for (const i of n.input) consumers.set(i, (consumers.get(i) ?? 0) + 1);
  const init = new Map(g.initializer.map((t) => [t.name, t]));
  const quantized = new Map<string, [string, string, string]>();
  const dropped = new Set<Node>();
  const out: Node[] = [];
  const report: RewriteReport = { matmuls: 0, rewritten: 0, sharedInputs: 0 };
  for (const n of g.node) {
    if (n.opType !== 'MatMul') {
      out.push(n);
      continue;
    }
    report.matmuls++;
    const dq = producer.get(n.input[1]);
    const weight = dq?.opType === 'DequantizeLinear' ? init.get(dq.input[0]) : undefined;
    const zeroPoint = dq?.input[2] ? init.get(dq.input[2]) : undefined;
    // MatMulInteger's b_zero_point is per column: a per-axis DequantizeLinear must quantise along the last axis.
    const axis = Number(dq?.attribute.find((a) => a.name === 'axis')?.i ?? 1);
    if (!dq || !weight || weight.dataType !== INT8 || weight.dims.length !== 2 || axis !== 1 || !zeroPoint) {
      out.push(n);
      continue;
    }
    const [a, y] = [n.input[0], n.output[0]];
    let q = quantized.get(a);
    if (q) report.sharedInputs++;
    else {
      q = [`${a}__q`, `${a}__scale`, `${a}__zp`];
      quantized.set(a, q);
      out.push({ input: [a], output: q, name: `${a}__DynamicQuantizeLinear`, opType: 'DynamicQuantizeLinear', attribute: [] });
    }
    const base = n.name || y;
    out.push({ input: [q[0], dq.input[0], q[2], dq.input[2]], output: [`${y}__i32`], name: `${base}__MatMulInteger`, opType: 'MatMulInteger', attribute: [] });
    out.push({ input: [`${y}__i32`], output: [`${y}__f32`], name: `${base}__Cast`, opType: 'Cast', attribute: [{ name: 'to', type: 2, i: FLOAT }] });
    out.push({ input: [q[1], dq.input[1]], output: [`${y}__scale`], name: `${base}__Scale`, opType: 'Mul', attribute: [] });
    out.push({ input: [`${y}__f32`, `${y}__scale`], output: [y], name: `${base}__Rescale`, opType: 'Mul', attribute: [] });
    report.rewritten++;
    const left = (consumers.get(dq.output[0]) ?? 1) - 1;
    consumers.set(dq.output[0], left);
    if (left === 0) dropped.add(dq);
  }
  g.node = out.filter((n) => !dropped.has(n));
  return report;
}

/**
 * The embedding table (int8, one scale a row) is dequantised whole, 8,002
 * rows, on every run, then a few dozen rows are gathered from it (5% of a
 * run in onnxruntime-node). Gathering the int8 rows, their scales and zero
 * points first and dequantising only those gives the same floats: each
 * element is still (q - zp) · scale of its own row. Rewrites, in place, every
 * Gather along axis 0 of a per-row (axis 0) DequantizeLinear of initializers.
 */
export function gatherBeforeDequantize(model: Model): number {
  const g = model.graph;
  const init = new Set(g.initializer.map((t) => t.name));
  const producer = new Map<string, Node>();
  for (const n of g.node) for (const o of n.output) producer.set(o, n);
  const axisOf = (n: Node) => Number(n.attribute.find((a) => a.name === 'axis')?.i ?? 0);
  const users = (name: string) => g.node.filter((n) => n.input.includes(name));
  let rewritten = 0;
  const out: Node[] = [];
  const dropped = new Set<Node>();
  for (const n of g.node) {
    const dq = n.opType === 'Gather' ? producer.get(n.input[0]) : undefined;
    const ok = dq?.opType === 'DequantizeLinear' && dq.input.length === 3 && dq.input.every((i) => init.has(i)) && axisOf(dq) === 0 && axisOf(n) === 0 && users(dq.output[0]).every((u) => u.opType === 'Gather' && u.input[0] === dq.output[0]);
    if (!ok || !dq) {
      out.push(n);
      continue;
    }
    const [rows, y, base] = [n.input[1], n.output[0], n.name || n.output[0]];
    const [q, scale, zp] = dq.input;
    const gathered = (t: string) => `${y}__${t.replace(/\W/g, '_')}`;
    for (const t of [q, scale, zp]) out.push({ input: [t, rows], output: [gathered(t)], name: `${base}__Gather_${t}`, opType: 'Gather', attribute: [{ name: 'axis', type: 2, i: 0 }] });
    out.push({ input: [gathered(q), gathered(scale), gathered(zp)], output: [y], name: `${base}__DequantizeLinear`, opType: 'DequantizeLinear', attribute: [{ name: 'axis', type: 2, i: 0 }] });
    dropped.add(dq);
    rewritten++;
  }
  g.node = out.filter((n) => !dropped.has(n));
  return rewritten;
}

const isMain = process.argv[1] && new URL(import.meta.url).pathname === process.argv[1];
if (isMain) {
  const argv = process.argv.slice(2);
  if (argv.includes('--check')) {
    for (const f of ['model.onnx', 'model_quantized.onnx']) {
      const bytes = readFileSync(SHARED_MODEL + f);
      const same = Buffer.compare(Buffer.from(encode(decode(bytes))), bytes) === 0;
      process.stdout.write(`${f}: ${same ? 'round-trips byte for byte' : 'DIFFERS after a round trip: the schema misses a field'}\n`);
      if (!same) process.exitCode = 1;
    }
  } else {
    const i = argv.indexOf('--out');
    const file = i >= 0 ? argv[i + 1] : INT8_MODEL;
    const model = decode(readFileSync(`${SHARED_MODEL}model_quantized.onnx`));
    const report = rewrite(model);
    const gathers = gatherBeforeDequantize(model);
    mkdirSync(dirname(file), { recursive: true });
    const bytes = encode(model);
    writeFileSync(file, bytes);
    process.stdout.write(`${file}: ${report.rewritten} of ${report.matmuls} MatMuls now MatMulInteger (${report.sharedInputs} share a quantised input), ${gathers} embedding lookup(s) gather before dequantising, ${(bytes.length / 1e6).toFixed(1)} MB\n`);
  }
}
