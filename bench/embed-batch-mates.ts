// How much a passage's vector depends on the passages batched with it: the
// int8-compute file quantises activations with one scale per tensor
// (DynamicQuantizeLinear), so batch mates move a vector a little. Compares
// the queue's sort windows of 32 and 256 passages (batches of 8) with each
// other and with each passage embedded alone (onnxruntime-node, 256 seekstone
// passages). Run: npx tsx bench/embed-batch-mates.ts; docs/benchmarks.md
// "embed-first17" quotes it.
import { nodeEmbedder } from '../worker/embed/node-embedder';
import { BUILTIN_MODELS } from '../worker/embed/models';
import { samplePassages } from './lib/seekstone-files';
import { byLength } from '../worker/embed/batching';
const e = nodeEmbedder({ offline: true });
const spec = BUILTIN_MODELS.find((m) => m.id === 'use-lite-int8')!;
await e.load(spec);
const VAULT = new URL('../../shared/corpora/seekstone-10k/vault', import.meta.url).pathname;
const texts = samplePassages(VAULT, spec, 256);
const counts = await e.tokenCounts!(texts);
const idx = texts.map((_, i) => i);
async function run(win: number) {
  const out = new Map<number, Float32Array>();
  for (let i = 0; i < idx.length; i += win) {
    const part = idx.slice(i, i + win);
    for (const b of byLength(part, part.map((k) => counts[k]), 8)) {
      const v = await e.embed(b.map((k) => texts[k]), 'passage');
      b.forEach((k, j) => out.set(k, v.slice(j * 512, (j + 1) * 512)));
    }
  }
  return out;
}
const w32p = await run(32), w256p = await run(256), alone = new Map<number, Float32Array>();
for (const k of idx.slice(0, 64)) alone.set(k, await e.embed([texts[k]], 'passage'));
const cos = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i], 0);
const stats = (xs: number[]) => `mean ${(xs.reduce((s, x) => s + x, 0) / xs.length).toFixed(5)} min ${Math.min(...xs).toFixed(5)}`;
console.log('window 32 vs 256 passages:', stats(idx.map((k) => cos(w32p.get(k)!, w256p.get(k)!))));
console.log('window 32 vs alone:', stats(idx.slice(0, 64).map((k) => cos(w32p.get(k)!, alone.get(k)!))));
console.log('window 256 vs alone:', stats(idx.slice(0, 64).map((k) => cos(w256p.get(k)!, alone.get(k)!))));
