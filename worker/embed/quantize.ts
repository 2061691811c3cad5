// Vectors are stored as int8 with one scale per vector: a quarter of float32's
// size (10k notes x 14 chunks x 512-d is 72 MB instead of 287 MB), and on
// Cranfield the ranking is unchanged to the third decimal (docs/embeddings.md).

export interface Int8Vector {
  vec: Int8Array;
  scale: number;
}

export function quantizeInt8(v: ArrayLike<number>): Int8Vector {
  let max = 0;
  for (let i = 0; i < v.length; i++) max = Math.max(max, Math.abs(v[i]));
  const scale = max > 0 ? max / 127 : 1;
  const vec = new Int8Array(v.length);
  for (let i = 0; i < v.length; i++) vec[i] = Math.round(v[i] / scale);
  return { vec, scale };
}

export function dequantize(q: Int8Vector): Float32Array {
  const out = new Float32Array(q.vec.length);
  for (let i = 0; i < out.length; i++) out[i] = q.vec[i] * q.scale;
  return out;
}

/**
 * The query as int16, returning its scale. The int32 sums against int8 rows
 * are bounded by 127 x top x dim, so `top` shrinks for very wide vectors.
 */
export function quantizeQuery(v: ArrayLike<number>, into: Int16Array): number {
  let max = 0;
  for (let i = 0; i < v.length; i++) max = Math.max(max, Math.abs(v[i]));
  const top = Math.min(16383, Math.floor(2147483647 / (127 * Math.max(1, into.length))));
  const scale = max > 0 ? max / top : 1;
  into.fill(0);
  for (let i = 0; i < v.length; i++) into[i] = Math.round(v[i] / scale);
  return scale;
}

export function l2normalize(v: Float32Array): Float32Array {
  let s = 0;
  for (let i = 0; i < v.length; i++) s += v[i] * v[i];
  const n = Math.sqrt(s);
  if (n > 0) for (let i = 0; i < v.length; i++) v[i] /= n;
  return v;
}

export function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let s = 0, na = 0, nb = 0;
  for (let i = 0; i < a.length; i++) {
    s += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return na && nb ? s / Math.sqrt(na * nb) : 0;
}
