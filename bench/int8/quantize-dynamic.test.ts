// The shipped int8-compute file of USE-lite is exactly what the rewrite makes
// of the shared int8-weight file: anyone with ../shared can rebuild it.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import protobuf from 'protobufjs';
import { rewrite } from './quantize-dynamic';

const SHARED = new URL('../../../shared/models/use-lite-onnx/onnx/model_quantized.onnx', import.meta.url).pathname;
const SHIPPED = new URL('../../public/models/use-lite-onnx/onnx/model_int8.onnx', import.meta.url).pathname;
const haveShared = existsSync(SHARED);
if (!haveShared) console.warn(`skipping the int8 model reproduction test: ${SHARED} is not on this machine`);

describe.skipIf(!haveShared)('public/models/use-lite-onnx/onnx/model_int8.onnx', () => {
  it('is the rewrite of ../shared/models/use-lite-onnx/onnx/model_quantized.onnx, byte for byte', () => {
    const M = protobuf.loadSync(new URL('./onnx.proto', import.meta.url).pathname).lookupType('onnx.ModelProto');
    const model = M.toObject(M.decode(readFileSync(SHARED)), { longs: String, defaults: false, arrays: true }) as Parameters<typeof rewrite>[0];
    const report = rewrite(model);
    expect(report).toMatchObject({ matmuls: 14, rewritten: 10 });
    expect(Buffer.compare(Buffer.from(M.encode(M.fromObject(model)).finish()), readFileSync(SHIPPED))).toBe(0);
  });
});
