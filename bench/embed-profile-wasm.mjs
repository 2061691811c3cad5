// Child of bench/embed-profile.ts: one ONNX Runtime Web wasm build in Node,
// one thread; reads batches of token ids and masks on stdin, prints CPU ms and count.
import { readFileSync } from 'node:fs';
import * as ort from 'onnxruntime-web';

const [file, build] = process.argv.slice(2);
const dist = new URL('../node_modules/onnxruntime-web/dist/', import.meta.url);
ort.env.wasm.numThreads = 1;
ort.env.wasm.wasmPaths = { wasm: new URL(`${build}.wasm`, dist).href, mjs: new URL(`${build}.mjs`, dist).href };
const feeds = JSON.parse(readFileSync(0, 'utf8')).map(({ ids, mask, dims }) => ({
  input_ids: new ort.Tensor('int64', BigInt64Array.from(ids, BigInt), dims),
  attention_mask: new ort.Tensor('int64', BigInt64Array.from(mask, BigInt), dims),
}));
const session = await ort.InferenceSession.create(readFileSync(file), { executionProviders: ['wasm'] });
await session.run(feeds[0]);
const c0 = process.cpuUsage();
for (const f of feeds) await session.run(f);
const c = process.cpuUsage(c0);
process.stdout.write(JSON.stringify({ cpu: (c.user + c.system) / 1000, n: feeds.reduce((s, f) => s + f.input_ids.dims[0], 0) }));
process.exit(0);
