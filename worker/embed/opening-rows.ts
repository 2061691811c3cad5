// Each note's opening passage (its first passage with a vector: title and
// first paragraph) copied into a block of its own, one row per note slot, so
// that ranking notes by their opening (hybrid search) scans 10k contiguous
// rows in one kernel call instead of picking 10k rows out of the 219k-row
// block (4 ms against well under 1 ms on seekstone-10k in Node).
import { createDotKernel, type DotKernel } from './dot-kernel';
import { quantizeQuery } from './quantize';

export class OpeningRows {
  private readonly kernel: DotKernel;
  private scales = new Float32Array(0);
  /** The opening's chunk id per slot; -1: the slot holds no note. */
  private chunkIds = new Int32Array(0);

  constructor(private readonly stride: number, opts: { simd?: boolean } = {}) {
    this.kernel = createDotKernel(stride, opts);
  }

  get bytes(): number {
    return this.kernel.capacity() * (this.stride + 8);
  }

  has(slot: number): boolean {
    return slot < this.chunkIds.length && this.chunkIds[slot] >= 0;
  }

  /** The row of `slot` becomes this passage (`vec` is copied, padded with zeros to the stride). */
  set(slot: number, chunkId: number, scale: number, vec: Int8Array): void {
    this.reserve(slot + 1);
    const vecs = this.kernel.vectors();
    vecs.set(vec, slot * this.stride);
    if (this.stride > vec.length) vecs.fill(0, slot * this.stride + vec.length, (slot + 1) * this.stride);
    this.scales[slot] = scale;
    this.chunkIds[slot] = chunkId;
  }

  clear(slot: number): void {
    if (slot < this.chunkIds.length) this.chunkIds[slot] = -1;
  }

  /**
   * Similarity of each slot's opening to a unit-length query into `best`, and
   * its chunk id into `chunk`: every slot (slots null: one kernel call over the
   * block) or the given ones. Slots without a note are left as they are.
   */
  score(query: ArrayLike<number>, slots: readonly number[] | null, best: Float32Array, chunk: Int32Array): void {
    const qscale = quantizeQuery(query, this.kernel.query());
    const n = Math.min(best.length, this.chunkIds.length);
    if (slots) {
      for (const s of slots) if (s < n && this.chunkIds[s] >= 0) this.kernel.dots(s, 1);
    } else this.kernel.dots(0, n);
    const out = this.kernel.out();
    const each = (s: number) => {
      if (this.chunkIds[s] < 0) return;
      best[s] = out[s] * this.scales[s] * qscale;
      chunk[s] = this.chunkIds[s];
    };
    if (slots) for (const s of slots) s < n && each(s);
    else for (let s = 0; s < n; s++) each(s);
  }

  private reserve(slots: number): void {
    if (slots <= this.chunkIds.length) return;
    this.kernel.reserve(slots);
    const cap = this.kernel.capacity();
    const scales = new Float32Array(cap);
    scales.set(this.scales);
    const chunkIds = new Int32Array(cap).fill(-1);
    chunkIds.set(this.chunkIds);
    this.scales = scales;
    this.chunkIds = chunkIds;
  }
}
