import { describe, expect, it } from 'vitest';
import type { EmbedStatus } from './use-embed-status';
import { embedProgress } from './embed-progress';

/** A status as embed_status reports it for a vault of 40 passages, 10 of them embedded. */
function status(over: Partial<EmbedStatus>): EmbedStatus {
  return {
    model: { id: 'use-lite-int8', label: 'USE lite', languages: 'English', dim: 512, source: 'bundled', size_mb: 8 },
    state: 'embedding',
    complete: false,
    paused: false,
    ready: true,
    device: 'wasm',
    threads: 1,
    threads_reason: null,
    notes: 4,
    notes_chunked: 4,
    notes_embeddable: 4,
    notes_embedded: 2,
    chunks_total: 40,
    chunks_done: 10,
    chunks_unreadable: 0,
    rate_per_s: 5,
    eta_s: 6,
    download: null,
    error: null,
    yielding: false,
    ...over,
  };
}

describe('embedding progress in the mode switch', () => {
  it('shows the share of passages embedded while they are embedded, paused or between steps', () => {
    for (const state of ['embedding', 'paused', 'idle'] as const) expect(embedProgress(status({ state }))).toEqual({ step: 'embedding', done: 10, total: 40, pct: 25 });
  });

  it('counts notes while they are split into passages, as the panel does (the passages counted so far grow with each note)', () => {
    // The Dataview example vault just imported: the top bar said "0% (0 of 86)" while the panel said "16 of 262 notes".
    expect(embedProgress(status({ state: 'chunking', notes: 262, notes_chunked: 16, chunks_total: 86, chunks_done: 0 }))).toEqual({ step: 'chunking', done: 16, total: 262, pct: 6 });
  });

  it('shows nothing once complete, with nothing to embed, or without a status', () => {
    expect(embedProgress(status({ state: 'complete', complete: true, chunks_done: 40 }))).toBeNull();
    expect(embedProgress(status({ state: 'idle', chunks_total: 0, chunks_done: 0 }))).toBeNull();
    expect(embedProgress(null)).toBeNull();
  });

  it('shows nothing while the index is read or the model loads after a restart (the engine cannot say complete yet)', () => {
    // A fully embedded vault reopened: the index is in, the model still loading; "complete" waits for it.
    expect(embedProgress(status({ state: 'loading', ready: false, chunks_done: 40 }))).toBeNull();
    expect(embedProgress(status({ state: 'downloading', ready: false }))).toBeNull();
    expect(embedProgress(status({ state: 'indexing', ready: false, chunks_done: 0 }))).toBeNull();
  });
});
