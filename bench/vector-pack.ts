// Vectors of a whole vault as one binary file, so a benchmark in Chromium can
// use the vectors Node computed (embedding seekstone in Chromium's wasm takes
// hours). Record: model, hash (u8-length-prefixed UTF-8), dim (u16), scale (f32), int8 × dim.
import type { StoredVector } from './vector-measure';

export function packVectors(rows: Iterable<StoredVector>): Uint8Array {
  const enc = new TextEncoder();
  const parts: Uint8Array[] = [];
  let size = 4;
  let count = 0;
  for (const r of rows) {
    const model = enc.encode(r.model);
    const hash = enc.encode(r.hash);
    const rec = new Uint8Array(2 + model.length + hash.length + 6 + r.vec.length);
    const dv = new DataView(rec.buffer);
    let o = 0;
    rec[o++] = model.length;
    rec.set(model, o);
    o += model.length;
    rec[o++] = hash.length;
    rec.set(hash, o);
    o += hash.length;
    dv.setUint16(o, r.dim, true);
    dv.setFloat32(o + 2, r.scale, true);
    rec.set(r.vec, o + 6);
    parts.push(rec);
    size += rec.length;
    count++;
  }
  const out = new Uint8Array(size);
  new DataView(out.buffer).setUint32(0, count, true);
  let o = 4;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

export function* unpackVectors(bytes: Uint8Array): Iterable<StoredVector> {
  const dec = new TextDecoder();
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const count = dv.getUint32(0, true);
  let o = 4;
  for (let i = 0; i < count; i++) {
    const ml = bytes[o++];
    const model = dec.decode(bytes.subarray(o, o + ml));
    o += ml;
    const hl = bytes[o++];
    const hash = dec.decode(bytes.subarray(o, o + hl));
    o += hl;
    const dim = dv.getUint16(o, true);
    const scale = dv.getFloat32(o + 2, true);
    o += 6;
    const vec = bytes.slice(o, o + dim);
    o += dim;
    yield { model, hash, dim, scale, vec };
  }
}
