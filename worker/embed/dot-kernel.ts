// Scores many int8 vectors against one int16 query: the inner loop of vector
// search. A WebAssembly SIMD kernel (i32x4.dot_i16x8_s, 16 components per
// step) is ~4x faster than the JIT'd JS loop; the JS loop stays as the
// fallback for engines without wasm SIMD. Both compute exactly the same sums.

export interface DotKernel {
  readonly simd: boolean;
  /** Vector rows, `stride` bytes each; grows on demand (invalidates earlier views). */
  vectors(): Int8Array;
  /** Query components as int16, `stride` long. */
  query(): Int16Array;
  /** One int32 dot product per row. */
  out(): Int32Array;
  /** Makes room for `rows` rows, keeping the existing ones. */
  reserve(rows: number): void;
  capacity(): number;
  /** out[r] = Σ query[i] * vectors[r][i] for r in [start, start + count). */
  dots(start: number, count: number): void;
}

/** Rows are padded to a multiple of 16 components for the SIMD loop. */
export function strideFor(dim: number): number {
  return Math.ceil(dim / 16) * 16;
}

const QUERY_BYTES = 16384; // room for a 8192-component int16 query
const PAGE = 65536;

export function createDotKernel(stride: number, opts: { simd?: boolean } = {}): DotKernel {
  if (stride % 16 !== 0 || stride > QUERY_BYTES / 2) throw new Error(`bad vector stride ${stride}`);
  if (opts.simd !== false) {
    const k = simdKernel(stride);
    if (k) return k;
  }
  return jsKernel(stride);
}

function jsKernel(stride: number): DotKernel {
  let cap = 0;
  let vecs = new Int8Array(0);
  let out = new Int32Array(0);
  const q = new Int16Array(stride);
  const qf = new Float64Array(stride);
  return {
    simd: false,
    vectors: () => vecs,
    query: () => q,
    out: () => out,
    capacity: () => cap,
    reserve(rows) {
      if (rows <= cap) return;
      const next = Math.max(rows, Math.ceil(cap * 1.25), 1024);
      const v = new Int8Array(next * stride);
      v.set(vecs);
      vecs = v;
      out = new Int32Array(next);
      cap = next;
    },
    dots(start, count) {
      const v = vecs;
      // Float copies of the int16 query: V8 multiplies floats faster, and the sums stay exact integers.
      for (let i = 0; i < stride; i++) qf[i] = q[i];
      for (let r = start, end = start + count; r < end; r++) {
        const o = r * stride;
        let s0 = 0, s1 = 0, s2 = 0, s3 = 0;
        for (let i = 0; i < stride; i += 4) {
          s0 += qf[i] * v[o + i];
          s1 += qf[i + 1] * v[o + i + 1];
          s2 += qf[i + 2] * v[o + i + 2];
          s3 += qf[i + 3] * v[o + i + 3];
        }
        out[r] = s0 + s1 + s2 + s3;
      }
    },
  };
}

function simdKernel(stride: number): DotKernel | null {
  let instance: WebAssembly.Instance;
  try {
    const bytes = dotModuleBytes();
    if (!WebAssembly.validate(bytes)) return null;
    instance = new WebAssembly.Instance(new WebAssembly.Module(bytes));
  } catch {
    return null;
  }
  const memory = instance.exports.mem as WebAssembly.Memory;
  const run = instance.exports.dots as (q: number, v: number, rows: number, dim: number, out: number) => void;
  const vecOff = QUERY_BYTES;
  let cap = 0;
  let outOff = vecOff;
  let views: { vecs: Int8Array; q: Int16Array; out: Int32Array } | null = null;
  const view = () => {
    if (!views || views.vecs.buffer !== memory.buffer) {
      views = {
        vecs: new Int8Array(memory.buffer, vecOff, cap * stride),
        q: new Int16Array(memory.buffer, 0, stride),
        out: new Int32Array(memory.buffer, outOff, cap),
      };
    }
    return views;
  };
  return {
    simd: true,
    vectors: () => view().vecs,
    query: () => view().q,
    out: () => view().out,
    capacity: () => cap,
    reserve(rows) {
      if (rows <= cap) return;
      // wasm memory never shrinks: grow by a quarter, not by half.
      const next = Math.max(rows, Math.ceil(cap * 1.25), 1024);
      const need = vecOff + next * stride + next * 4;
      if (need > memory.buffer.byteLength) memory.grow(Math.ceil((need - memory.buffer.byteLength) / PAGE));
      cap = next;
      outOff = vecOff + next * stride; // scratch: never copied
      views = null;
    },
    dots(start, count) {
      if (count <= 0) return;
      run(0, vecOff + start * stride, count, stride, outOff + start * 4);
    },
  };
}

// ---- the module, assembled by hand (no toolchain needed at build time) ----

function leb(n: number): number[] {
  const out: number[] = [];
  do {
    let b = n & 0x7f;
    n >>>= 7;
    if (n) b |= 0x80;
    out.push(b);
  } while (n);
  return out;
}
function sleb(n: number): number[] {
  const out: number[] = [];
  for (;;) {
    const b = n & 0x7f;
    n >>= 7;
    if ((n === 0 && !(b & 0x40)) || (n === -1 && b & 0x40)) {
      out.push(b);
      return out;
    }
    out.push(b | 0x80);
  }
}
const section = (id: number, body: number[]) => [id, ...leb(body.length), ...body];
const str = (s: string) => [...leb(s.length), ...[...s].map((c) => c.charCodeAt(0))];

const I32 = 0x7f, V128 = 0x7b;
const get = (i: number) => [0x20, i], set = (i: number) => [0x21, i], tee = (i: number) => [0x22, i];
const i32 = (n: number) => [0x41, ...sleb(n)];
const simd = (op: number) => [0xfd, ...leb(op)];
const v128load = (offset: number) => [...simd(0x00), 0, ...leb(offset)];

/** dots(q, v, rows, stride, out): params 0..4, locals r=5, i=6, acc=7, x=8. */
export function dotModuleBytes(): Uint8Array<ArrayBuffer> {
  const body = [
    0x02, 0x40, // block
    0x03, 0x40, //   loop $rows
    ...get(5), ...get(2), 0x4f, 0x0d, 1, // if r >= rows: break
    ...i32(0), ...simd(0x11), ...set(7), // acc = splat(0)
    ...i32(0), ...set(6), // i = 0
    0x03, 0x40, //     loop $dims
    ...get(1), ...get(6), 0x6a, ...v128load(0), ...set(8), // x = v[i..i+16]
    ...get(7),
    ...get(8), ...simd(0x87), // extend_low_i8x16_s
    ...get(0), ...get(6), ...i32(1), 0x74, 0x6a, ...v128load(0),
    ...simd(0xba), ...simd(0xae), // acc += dot_i16x8_s
    ...get(8), ...simd(0x88), // extend_high_i8x16_s
    ...get(0), ...get(6), ...i32(1), 0x74, 0x6a, ...v128load(16),
    ...simd(0xba), ...simd(0xae),
    ...set(7),
    ...get(6), ...i32(16), 0x6a, ...tee(6), ...get(3), 0x49, 0x0d, 0, // i += 16; continue while i < stride
    0x0b, //     end
    ...get(4), ...get(5), ...i32(2), 0x74, 0x6a, // &out[r]
    ...get(7), ...simd(0x1b), 0,
    ...get(7), ...simd(0x1b), 1, 0x6a,
    ...get(7), ...simd(0x1b), 2, 0x6a,
    ...get(7), ...simd(0x1b), 3, 0x6a,
    0x36, 2, 0, // i32.store
    ...get(1), ...get(3), 0x6a, ...set(1), // v += stride
    ...get(5), ...i32(1), 0x6a, ...set(5), // r++
    0x0c, 0, // continue $rows
    0x0b, //   end
    0x0b, // end
    0x0b, // end of function
  ];
  const locals = [2, 2, I32, 2, V128];
  const func = [...locals, ...body];
  const bytes = [
    0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
    ...section(1, [1, 0x60, 5, I32, I32, I32, I32, I32, 0]),
    ...section(3, [1, 0]),
    ...section(5, [1, 0x00, 1]),
    ...section(7, [2, ...str('mem'), 0x02, 0, ...str('dots'), 0x00, 0]),
    ...section(10, [1, ...leb(func.length), ...func]),
  ];
  return new Uint8Array(bytes);
}
