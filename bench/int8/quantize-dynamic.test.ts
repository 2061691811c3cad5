// The shipped int8-compute file of USE-lite is exactly what the rewrite makes
// of the shared int8-weight file: anyone with ../shared can rebuild it. The
// embedding lookup's rewrite (gather the int8 rows, then dequantise them)
// gives the very same vectors as dequantising the whole table.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import protobuf from 'protobufjs';
import { gatherBeforeDequantize, rewrite } from './quantize-dynamic';

const SHARED = new URL('../../../shared/models/use-lite-onnx/onnx/model_quantized.onnx', import.meta.url).pathname;
const SHIPPED = new URL('../../public/models/use-lite-onnx/onnx/model_int8.onnx', import.meta.url).pathname;
const haveShared = existsSync(SHARED);
if (!haveShared) console.warn(`skipping the int8 model reproduction test: ${SHARED} is not on this machine`);

const M = protobuf.loadSync(new URL('./onnx.proto', import.meta.url).pathname).lookupType('onnx.ModelProto');
type Model = Parameters<typeof rewrite>[0];
const read = () => M.toObject(M.decode(readFileSync(SHARED)), { longs: String, defaults: false, arrays: true }) as Model;
const bytes = (m: Model) => M.encode(M.fromObject(m)).finish();

describe.skipIf(!haveShared)('public/models/use-lite-onnx/onnx/model_int8.onnx', () => {
  it('is the rewrite of ../shared/models/use-lite-onnx/onnx/model_quantized.onnx, byte for byte', () => {
    const model = read();
    expect(rewrite(model)).toMatchObject({ matmuls: 14, rewritten: 10 });
    expect(gatherBeforeDequantize(model)).toBe(1);
    expect(Buffer.compare(Buffer.from(bytes(model)), readFileSync(SHIPPED))).toBe(0);
  });

  it('no longer dequantises the whole embedding table, and its vectors are exactly those of the file that did', async () => {
    const whole = read();
    rewrite(whole);
    const gathered = read();
    rewrite(gathered);
    gatherBeforeDequantize(gathered);
    const dequantised = (m: Model) => m.graph.node.filter((n) => n.opType === 'DequantizeLinear').map((n) => n.input[0]);
    expect(dequantised(whole)).toEqual(['module/Embeddings_en_q']);
    // What is dequantised now is the gathered rows, not the 8,002-row table.
    expect(dequantised(gathered)).not.toContain('module/Embeddings_en_q');
    const ort = await import('onnxruntime-node');
    // Token ids over the vocabulary, two passages of unequal length (padding included).
    const ids = BigInt64Array.from({ length: 2 * 40 }, (_, i) => (i >= 70 ? 0n : BigInt(5 + ((i * 7919) % 7990))));
    const mask = BigInt64Array.from({ length: 2 * 40 }, (_, i) => (i >= 70 ? 0n : 1n));
    const feed = { input_ids: new ort.Tensor('int64', ids, [2, 40]), attention_mask: new ort.Tensor('int64', mask, [2, 40]) };
    const out: Float32Array[] = [];
    for (const m of [whole, gathered]) {
      const session = await ort.InferenceSession.create(bytes(m), { intraOpNumThreads: 1 });
      const r = await session.run(feed);
      out.push(r[session.outputNames[0]].data as Float32Array);
      await session.release();
    }
    expect(out[1].length).toBe(out[0].length);
    expect(out[0].length).toBeGreaterThan(0);
    expect(Buffer.compare(Buffer.from(out[1].buffer), Buffer.from(out[0].buffer))).toBe(0);
  }, 60_000);
});
