// The in-memory copy of one model's vectors that vector search scans: int8
// rows in one contiguous block (inside the SIMD kernel's memory), with the
// chunk and note each row belongs to. Exact search: every candidate row is
// scored; a note's score is its best chunk's.
import { createDotKernel, strideFor, type DotKernel } from './dot-kernel';
import { quantizeQuery } from './quantize';
import { OpeningRows } from './opening-rows';

export interface IndexRow {
  chunkId: number;
  vec: Int8Array;
  scale: number;
}

export interface NoteHit {
  entryId: number;
  /** Cosine similarity of the best chunk (or of the opening, see NoteSimilarity). */
  score: number;
  chunkId: number;
}

/**
 * Which passage's similarity is a note's: its best passage, or its opening
 * (the first passage with a vector: title and first paragraph, what the note
 * is about; docs/embeddings.md says when each is used).
 */
export type NoteSimilarity = 'best' | 'opening';

/** Which notes are hits (meaning-criterion.ts decides the figures). */
export interface IndexCut {
  /** Notes below this similarity are left out. */
  minScore?: number;
  /** Notes more than this below the best note of `gapFrom` are left out. */
  maxGap?: number;
  by?: NoteSimilarity;
  /**
   * The notes whose best sets the gap's reference: the candidates (default),
   * or these notes, or every note in the index (null). A filter that narrows
   * the candidates to a few notes must not make the best of them a hit
   * whatever the query: their similarity is measured against the vault's best.
   */
  gapFrom?: 'candidates' | Iterable<number> | null;
}

export interface IndexSearch {
  /** The best notes, best first. */
  hits: NoteHit[];
  /** Candidate notes with vectors scoring at least minScore (all candidates were scored: exact). */
  scored: number;
}

/** Above this share of live rows, scanning everything and masking beats per-note calls. */
const FULL_SCAN_SHARE = 0.35;

export class VectorIndex {
  readonly stride: number;
  private readonly kernel: DotKernel;
  /** Each note's first row again, by slot (search by 'opening'). */
  private readonly openings: OpeningRows;
  private scales = new Float32Array(0);
  private chunkIds = new Int32Array(0);
  /** Slot (dense note number) of each row; -1 for a removed row. */
  private rowSlot = new Int32Array(0);
  private rows = 0;
  private dead = 0;
  private readonly slotOf = new Map<number, number>();
  private slotEntry: number[] = [];
  private slotRows: number[][] = [];
  private freeSlots: number[] = [];
  /** Best similarity over every note, by signal and query, until a row is added or removed (referenceTop). */
  private readonly topCache = new Map<string, number>();
  /** The database epoch this index reflects (see store.ts). */
  epoch = -1;
  /**
   * Every note's passages are in (false while a load has read only the
   * openings and part of the rest: search by 'opening' is exact then, by
   * 'best' it would miss passages, so it refuses).
   */
  passagesLoaded = true;

  constructor(readonly model: string, readonly dim: number, opts: { simd?: boolean } = {}) {
    this.stride = strideFor(dim);
    this.kernel = createDotKernel(this.stride, opts);
    this.openings = new OpeningRows(this.stride, opts);
  }

  get simd(): boolean {
    return this.kernel.simd;
  }
  get size(): number {
    return this.rows - this.dead;
  }
  get notes(): number {
    return this.slotOf.size;
  }
  /** Bytes held for vectors and row data. */
  get bytes(): number {
    return this.kernel.capacity() * (this.stride + 4 + 12) + this.openings.bytes;
  }
  has(entryId: number): boolean {
    return this.slotOf.has(entryId);
  }

  /**
   * Appends rows to a note (a note's chunks may arrive in several batches).
   * Callers add a note's passages in passage order (store.ts reads them by
   * chunk id or seq), so its first row is its opening: search by 'opening' relies on it.
   */
  add(entryId: number, rows: readonly IndexRow[]): void {
    if (!rows.length) return;
    this.reserve(this.rows + rows.length);
    for (const r of rows) this.addOne(entryId, r.chunkId, r.scale, r.vec);
  }

  /** One row; `vec` may be a view into other memory (it is copied). */
  addOne(entryId: number, chunkId: number, scale: number, vec: Int8Array): void {
    if (vec.length !== this.dim) throw new Error(`vector of ${vec.length} components in a ${this.dim}-d index`);
    this.topCache.clear();
    const slot = this.slotFor(entryId);
    this.reserve(this.rows + 1);
    const vecs = this.kernel.vectors();
    const i = this.rows++;
    vecs.set(vec, i * this.stride);
    if (this.stride > this.dim) vecs.fill(0, i * this.stride + this.dim, (i + 1) * this.stride);
    this.scales[i] = scale;
    this.chunkIds[i] = chunkId;
    this.rowSlot[i] = slot;
    // Passages arrive in passage order (see add): a note's first row is its opening,
    // unless the opening came first (setOpening, a load that reads the openings before the rest).
    if (!this.openings.has(slot)) this.openings.set(slot, chunkId, scale, vec);
    this.slotRows[slot].push(i);
  }

  /**
   * A note's opening alone, before (or without) its other passages: the note
   * gets a slot if it had none, as its first row would give it. Null: the
   * note has no vector any more and leaves the index.
   */
  setOpening(entryId: number, opening: IndexRow | null): void {
    if (!opening) return this.remove(entryId);
    if (opening.vec.length !== this.dim) throw new Error(`vector of ${opening.vec.length} components in a ${this.dim}-d index`);
    this.topCache.clear();
    this.openings.set(this.slotFor(entryId), opening.chunkId, opening.scale, opening.vec);
  }

  private slotFor(entryId: number): number {
    let slot = this.slotOf.get(entryId);
    if (slot === undefined) {
      slot = this.freeSlots.pop() ?? this.slotEntry.length;
      this.slotOf.set(entryId, slot);
      this.slotEntry[slot] = entryId;
      this.slotRows[slot] = [];
    }
    return slot;
  }

  /** Lays each note's rows out consecutively (after a load in chunk order), dropping removed rows. */
  regroup(): void {
    this.compact();
  }

  remove(entryId: number): void {
    const slot = this.slotOf.get(entryId);
    if (slot === undefined) return;
    this.topCache.clear();
    for (const r of this.slotRows[slot]) this.rowSlot[r] = -1;
    this.dead += this.slotRows[slot].length;
    this.slotRows[slot] = [];
    this.openings.clear(slot);
    this.slotOf.delete(entryId);
    this.freeSlots.push(slot);
    if (this.dead > 4096 && this.dead > this.rows / 4) this.compact();
  }

  /** Adds those of `rows` the note does not hold yet (passages that just got vectors), after its others. */
  addNew(entryId: number, rows: readonly IndexRow[]): void {
    const slot = this.slotOf.get(entryId);
    const held = slot === undefined ? null : new Set(this.slotRows[slot].map((r) => this.chunkIds[r]));
    this.add(entryId, held ? rows.filter((r) => !held.has(r.chunkId)) : rows);
  }

  replace(entryId: number, rows: readonly IndexRow[]): void {
    this.remove(entryId);
    this.add(entryId, rows);
  }

  clear(): void {
    for (const id of [...this.slotOf.keys()]) this.remove(id);
    this.compact();
  }

  /**
   * The `limit` best notes for a unit-length query. `candidates` (note ids
   * from SQL: the filters and scope) restricts the scan; null scans all.
   */
  /**
   * The `limit` best candidate notes (all when null). Notes scoring below
   * `minScore` are left out, and with `maxGap` so are notes more than that
   * below the best candidate (a query-relative cut; `scored` counts what is
   * left, exactly).
   */
  search(query: ArrayLike<number>, candidates: Iterable<number> | null, limit: number, cut: IndexCut = {}): IndexSearch {
    const { minScore = -Infinity, maxGap = Infinity, by = 'best', gapFrom = 'candidates' } = cut;
    if (by === 'best' && !this.passagesLoaded) throw new Error('The vector index has only read the openings so far: search it by opening, or wait for the whole index.');
    if (query.length !== this.dim) throw new Error(`query of ${query.length} components against a ${this.dim}-d index`);
    const qscale = quantizeQuery(query, this.kernel.query());
    const nSlots = this.slotEntry.length;
    const best = new Float32Array(nSlots).fill(-Infinity);
    const bestChunk = new Int32Array(nSlots).fill(-1);
    const slots = candidates ? this.slotsOf(candidates).slots : null;
    this.score(query, slots, by, qscale, best, bestChunk);

    let floor = minScore;
    if (maxGap < Infinity) {
      let top = highest(best);
      if (slots && gapFrom !== 'candidates') top = Math.max(top, this.referenceTop(query, gapFrom, by, qscale));
      floor = Math.max(floor, top - maxGap);
    }
    if (floor > -Infinity) for (let s = 0; s < nSlots; s++) if (best[s] < floor) best[s] = -Infinity;
    const top = topSlots(best, slots, limit);
    let scored = 0;
    if (slots) for (const s of slots) scored += best[s] > -Infinity ? 1 : 0;
    else for (let s = 0; s < nSlots; s++) scored += best[s] > -Infinity ? 1 : 0;
    return {
      hits: top.map((s) => ({ entryId: this.slotEntry[s], score: best[s], chunkId: bestChunk[s] })),
      scored,
    };
  }

  /**
   * The best similarity among the reference notes (null: every note). Over
   * every note it is kept until the index changes: the same query is often
   * run again with other filters or pages, and by best passage it is a scan
   * of every row.
   */
  private referenceTop(query: ArrayLike<number>, notes: Iterable<number> | null, by: NoteSimilarity, qscale: number): number {
    const key = notes ? null : `${by}:${queryKey(this.kernel.query())}`;
    const known = key === null ? undefined : this.topCache.get(key);
    if (known !== undefined) return known;
    const ref = new Float32Array(this.slotEntry.length).fill(-Infinity);
    this.score(query, notes ? this.slotsOf(notes).slots : null, by, qscale, ref, new Int32Array(ref.length));
    const top = highest(ref);
    if (key !== null) {
      if (this.topCache.size >= 64) this.topCache.clear();
      this.topCache.set(key, top);
    }
    return top;
  }

  /** Each note's similarity (slots null: every note) into best/bestChunk, by its best row or its opening. */
  private score(query: ArrayLike<number>, slots: number[] | null, by: NoteSimilarity, qscale: number, best: Float32Array, bestChunk: Int32Array): void {
    const o = () => this.kernel.out();
    if (by === 'opening') {
      this.openings.score(query, slots, best, bestChunk);
      return;
    }
    if (slots) {
      let rows = 0;
      for (const s of slots) rows += this.slotRows[s].length;
      if (rows > this.size * FULL_SCAN_SHARE) {
        // Most rows are candidates: one scan, then only candidate notes are read.
        this.kernel.dots(0, this.rows);
        for (const s of slots) this.bestOf(s, o(), qscale, best, bestChunk);
        return;
      }
      for (const s of slots) {
        const list = this.slotRows[s];
        // Rows of a note are mostly consecutive: score each run in one call.
        for (let i = 0; i < list.length; ) {
          let j = i + 1;
          while (j < list.length && list[j] === list[j - 1] + 1) j++;
          this.kernel.dots(list[i], j - i);
          i = j;
        }
        this.bestOf(s, o(), qscale, best, bestChunk);
      }
      return;
    }
    this.kernel.dots(0, this.rows);
    const out = o();
    const slotOfRow = this.rowSlot;
    const scales = this.scales;
    for (let r = 0; r < this.rows; r++) {
      const s = slotOfRow[r];
      if (s < 0) continue;
      const v = out[r] * scales[r];
      if (v > best[s]) {
        best[s] = v;
        bestChunk[s] = this.chunkIds[r];
      }
    }
    for (let s = 0; s < best.length; s++) best[s] *= qscale;
  }

  /** The slots of these notes (each once) and how many rows they hold. */
  private slotsOf(candidates: Iterable<number>): { slots: number[]; rows: number } {
    const slots: number[] = [];
    let rows = 0;
    const seen = new Uint8Array(this.slotEntry.length);
    for (const id of candidates) {
      const s = this.slotOf.get(id);
      if (s !== undefined && !seen[s]) {
        seen[s] = 1;
        slots.push(s);
        rows += this.slotRows[s].length;
      }
    }
    return { slots, rows };
  }

  private bestOf(s: number, o: Int32Array, qscale: number, best: Float32Array, bestChunk: Int32Array): void {
    for (const r of this.slotRows[s]) {
      const v = o[r] * this.scales[r] * qscale;
      if (v > best[s]) {
        best[s] = v;
        bestChunk[s] = this.chunkIds[r];
      }
    }
  }

  /** Makes room for `rows` rows in all (when the count is known up front, no memory is wasted on growth). */
  reserve(rows: number): void {
    if (rows <= this.kernel.capacity()) return;
    this.kernel.reserve(rows);
    const cap = this.kernel.capacity();
    const grow = <T extends Float32Array | Int32Array>(a: T, make: (n: number) => T): T => {
      const b = make(cap);
      b.set(a.subarray(0, this.rows));
      return b;
    };
    this.scales = grow(this.scales, (n) => new Float32Array(n));
    this.chunkIds = grow(this.chunkIds, (n) => new Int32Array(n));
    this.rowSlot = grow(this.rowSlot, (n) => new Int32Array(n));
  }

  /** Drops removed rows, laying each note's rows out consecutively. */
  private compact(): void {
    const vecs = this.kernel.vectors();
    const stride = this.stride;
    const order: number[] = [];
    for (const list of this.slotRows) if (list) for (const r of list) order.push(r);
    // Rows are regrouped by note, so sources and destinations interleave: copy through a scratch buffer (compaction is rare).
    const scratch = new Int8Array(order.length * stride);
    const scales = new Float32Array(order.length);
    const chunkIds = new Int32Array(order.length);
    const slots = new Int32Array(order.length);
    order.forEach((r, i) => {
      scratch.set(vecs.subarray(r * stride, (r + 1) * stride), i * stride);
      scales[i] = this.scales[r];
      chunkIds[i] = this.chunkIds[r];
      slots[i] = this.rowSlot[r];
    });
    vecs.set(scratch, 0);
    this.scales.set(scales);
    this.chunkIds.set(chunkIds);
    this.rowSlot.set(slots);
    let i = 0;
    for (let s = 0; s < this.slotRows.length; s++) {
      const list = this.slotRows[s];
      if (!list) continue;
      this.slotRows[s] = list.map(() => i++);
    }
    this.rows = order.length;
    this.dead = 0;
  }
}

/** A quantized query as a key: its components, exactly (about 2 KB; a hash could collide). */
function queryKey(q: Int16Array): string {
  return q.join(',');
}

function highest(xs: Float32Array): number {
  let top = -Infinity;
  for (let i = 0; i < xs.length; i++) if (xs[i] > top) top = xs[i];
  return top;
}

/** Indices of the `limit` highest finite scores, best first (ties: lower slot first). */
function topSlots(best: Float32Array, slots: number[] | null, limit: number): number[] {
  const top: number[] = [];
  const consider = (s: number) => {
    const v = best[s];
    if (v === -Infinity) return;
    if (top.length === limit && v <= best[top[top.length - 1]]) return;
    let i = top.length;
    while (i > 0 && best[top[i - 1]] < v) i--;
    top.splice(i, 0, s);
    if (top.length > limit) top.pop();
  };
  if (limit <= 0) return top;
  if (slots) for (const s of slots) consider(s);
  else for (let s = 0; s < best.length; s++) consider(s);
  return top;
}
