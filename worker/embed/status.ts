// What embed_status reports: the queue's progress in one plain object, for
// the UI, agents and the CLI. Pure: the service hands in what it knows.
import type { ModelSpec } from './models';
import type { LoadedModel } from './embedder';
import type { Counts } from './store';
import type { ThreadReason } from './threads';

export type EmbedState = 'unavailable' | 'idle' | 'indexing' | 'loading' | 'downloading' | 'chunking' | 'embedding' | 'paused' | 'complete' | 'error';

export interface EmbedStatus {
  model: { id: string; label: string; languages: string; dim: number; source: ModelSpec['source']['kind']; size_mb: number };
  state: EmbedState;
  /** Every note is chunked and every readable chunk has a vector of the active model. */
  complete: boolean;
  paused: boolean;
  /**
   * The active model is loaded in the runner and the vector index is in memory (in a vault known to be
   * complete, its openings, while state is still 'indexing'): a hybrid search starts at once; vector mode
   * also waits for the rest of the index while state is 'indexing'.
   */
  ready: boolean;
  device: string | null;
  /** ONNX Runtime's wasm threads and why that many; null where the host does not choose (Node) or no model is loaded. */
  threads: number | null;
  threads_reason: ThreadReason | null;
  notes: number;
  notes_chunked: number;
  /**
   * Notes with a passage the model can read (the chunked ones), and of those, notes with at least one
   * passage embedded: searchable by meaning. The queue embeds every note's first passage before any
   * note's second, so once they are equal (and every note is chunked) each note's opening is in.
   * notes_embedded is null while the vector index is still loading.
   */
  notes_embeddable: number;
  notes_embedded: number | null;
  chunks_total: number;
  chunks_done: number;
  /** Chunks in scripts the model cannot read: never embedded, ranked by text. */
  chunks_unreadable: number;
  /** Chunks per second over the last batches. */
  rate_per_s: number | null;
  eta_s: number | null;
  download: { file?: string; loaded: number; total: number; progress: number } | null;
  error: string | null;
  /** The queue waits while the user types or searches, and resumes a moment after the last key or search. */
  yielding: boolean;
}

export interface StatusInput {
  spec: ModelSpec;
  state: EmbedState;
  counts: Counts;
  /** Passages with vectors (the index's size); null while the index is still loading and that is not known. */
  embedded: number | null;
  /** Notes with a vector in the index; null while the index is still loading. */
  embeddedNotes?: number | null;
  /** The whole index is still loading (embedded, if known, comes from the last complete load). */
  indexing?: boolean;
  paused: boolean;
  /** The runner holds the active model now. */
  loaded: boolean;
  /** What the loaded model runs on (null: none loaded yet). */
  runtime: Pick<LoadedModel, 'device' | 'threads' | 'threadReason'> | null;
  /** Passages per second over the last batches. */
  rate: number | null;
  download: EmbedStatus['download'];
  error: string | null;
  yielding?: boolean;
}

export function describeStatus(s: StatusInput): EmbedStatus {
  const c = s.counts;
  const embedded = s.embedded ?? 0;
  // While the queue works, counts may lag (see EmbedService.currentCounts): never call that complete.
  const working = s.state === 'chunking' || s.state === 'embedding' || s.state === 'loading' || s.state === 'downloading';
  const complete = !working && s.embedded !== null && c.chunkedNotes >= c.notes && embedded >= c.chunks;
  const remaining = Math.max(0, c.chunks - embedded);
  return {
    model: { id: s.spec.id, label: s.spec.label, languages: s.spec.languages, dim: s.spec.dim, source: s.spec.source.kind, size_mb: s.spec.sizeMB },
    // Until the index is read, that is what the status says, even while the model loads beside it (warm).
    state: (s.state === 'idle' || s.state === 'loading') && (s.embedded === null || s.indexing) ? 'indexing' : s.state === 'idle' && complete ? 'complete' : s.state,
    complete,
    paused: s.paused,
    ready: s.loaded && s.embedded !== null && s.state !== 'loading' && s.state !== 'downloading',
    device: s.runtime?.device ?? null,
    threads: s.runtime?.threadReason ? (s.runtime.threads ?? 0) : null,
    threads_reason: s.runtime?.threadReason ?? null,
    notes: c.notes,
    notes_chunked: c.chunkedNotes,
    notes_embeddable: c.readableNotes,
    notes_embedded: s.embeddedNotes ?? null,
    chunks_total: c.chunks,
    chunks_done: embedded,
    chunks_unreadable: c.unreadable,
    rate_per_s: s.rate === null ? null : Math.round(s.rate * 10) / 10,
    eta_s: s.rate && remaining ? Math.round(remaining / s.rate) : remaining ? null : 0,
    download: s.download,
    error: s.error,
    yielding: s.yielding === true && !s.paused,
  };
}
