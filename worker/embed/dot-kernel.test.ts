import { describe, expect, it } from 'vitest';
import { createDotKernel, dotModuleBytes, strideFor } from './dot-kernel';

function fill(k: ReturnType<typeof createDotKernel>, rows: number, stride: number, seed: number) {
  k.reserve(rows);
  let x = seed;
  const rnd = () => ((x = (x * 1103515245 + 12345) & 0x7fffffff), x);
  const v = k.vectors();
  for (let i = 0; i < rows * stride; i++) v[i] = (rnd() % 255) - 127;
  const q = k.query();
  for (let i = 0; i < stride; i++) q[i] = (rnd() % 32767) - 16383;
}

describe('dot kernel', () => {
  it('the hand-assembled SIMD module validates', () => {
    expect(WebAssembly.validate(dotModuleBytes())).toBe(true);
  });

  it('SIMD and JS kernels compute identical dot products, across growth', () => {
    const stride = strideFor(512);
    const simd = createDotKernel(stride);
    const js = createDotKernel(stride, { simd: false });
    expect(simd.simd).toBe(true);
    for (const rows of [3, 1500, 5000]) {
      fill(simd, rows, stride, rows);
      fill(js, rows, stride, rows);
      simd.dots(0, rows);
      js.dots(0, rows);
      expect(Array.from(simd.out().subarray(0, rows))).toEqual(Array.from(js.out().subarray(0, rows)));
      // A sub-range writes only its own rows.
      simd.out().fill(7);
      simd.dots(1, 1);
      expect(simd.out()[0]).toBe(7);
      expect(simd.out()[1]).toBe(js.out()[1]);
      expect(simd.out()[2]).toBe(7);
    }
    // Reference by hand for one row.
    const q = js.query(), v = js.vectors();
    let s = 0;
    for (let i = 0; i < stride; i++) s += q[i] * v[stride * 2 + i];
    expect(js.out()[2]).toBe(s);
  });

  it('pads odd dimensions to a multiple of 16', () => {
    expect(strideFor(384)).toBe(384);
    expect(strideFor(100)).toBe(112);
  });
});
