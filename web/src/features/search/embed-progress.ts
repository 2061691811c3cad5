// Whether the mode switch shows embedding progress ("Analysing notes… 40%"),
// and at what share. Pure, so the states it answers for are tested directly.
import type { EmbedStatus } from './use-embed-status';

export interface EmbedProgress {
  /** Notes split into passages (while chunking: the passages' total still grows), or passages embedded. */
  step: 'chunking' | 'embedding';
  done: number;
  total: number;
  pct: number;
}

/**
 * Progress only while notes are chunked or embedded (or that work waits: paused, or
 * between steps). Not while the vector index is read in (the count of embedded
 * passages is unknown: no "0%"), nor while the model loads: the engine cannot call a
 * vault complete then, though after a restart a fully embedded one is.
 */
export function embedProgress(status: EmbedStatus | null): EmbedProgress | null {
  if (!status || status.complete || status.chunks_total <= 0) return null;
  if (status.state === 'indexing' || status.state === 'loading' || status.state === 'downloading') return null;
  // While notes are split, the count of passages grows with each note: the notes are counted, as the panel counts them.
  if (status.state === 'chunking' && status.notes > 0) {
    return { step: 'chunking', done: status.notes_chunked, total: status.notes, pct: Math.floor((100 * status.notes_chunked) / status.notes) };
  }
  return { step: 'embedding', done: status.chunks_done, total: status.chunks_total, pct: Math.floor((100 * status.chunks_done) / status.chunks_total) };
}
