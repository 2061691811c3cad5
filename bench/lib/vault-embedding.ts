// Follows the app's background embedding from the moment an import is
// searchable, as bench:embed-vault records it: the engine's own embed_status
// (called as the page's agent, bench/lib/agent-tools.ts) once a second for
// the milestones, a sample every ~10 s (passages embedded, the rate since the
// last sample, the notes searchable by meaning, how many embed workers run,
// the renderer's resident memory) and the embed workers' memory every minute.
import type { Page } from '@playwright/test';
import { rendererMb } from '../browser/chromium';
import { agentCall } from './agent-tools';
import { memoryOf, type UaMemory } from './ua-memory';

/** The fields of embed_status read here (notes_embedded and notes_embeddable: builds from 7837257 on). */
export interface Status {
  state: string;
  complete: boolean;
  notes: number;
  notes_chunked: number;
  notes_embedded?: number | null;
  notes_embeddable?: number;
  chunks_total: number;
  chunks_done: number;
  rate_per_s: number | null;
}

export interface Sample {
  /** Seconds since the import was searchable. */
  t: number;
  state: string;
  done: number;
  total: number;
  /** Passages per second since the previous sample. */
  rate: number;
  notesEmbedded: number | null;
  notesEmbeddable: number | null;
  embedWorkers: number;
  rssMb: number;
}

export interface Milestones {
  /** Seconds from searchable to the first passage with a vector. */
  firstVector?: number;
  /** Seconds from searchable to every note's first passage (see openingsDone). */
  openings?: number;
  /** Passages with vectors at that moment. */
  openingsAt?: number;
  /** How it was told: the engine's note count, or (builds without it) a passage count. */
  openingsBy?: 'notes' | 'passages';
  /** Seconds from searchable to every passage. */
  all?: number;
}

export interface Followed {
  samples: Sample[];
  memory: (UaMemory & { t: number; rssMb: number })[];
  milestones: Milestones;
  last: Status;
  /** Seconds followed. */
  seconds: number;
  capped: boolean;
}

export const status = (page: Page) => agentCall<Status>(page, 'embed_status');

const embedWorkers = (page: Page) => page.workers().filter((w) => /embed\.worker/.test(w.url())).length;

/**
 * Every note's first passage is embedded: the engine counts every note with
 * a readable passage as having a vector (the queue embeds every note's first
 * passage before any note's second). A build that does not count notes:
 * once it has as many passages as `fallbackPassages` (this build's count at
 * that moment; the same chunking and queue order).
 */
export function openingsDone(s: Status, fallbackPassages?: number): 'notes' | 'passages' | null {
  if (s.notes_chunked < s.notes) return null;
  if (typeof s.notes_embedded === 'number' && typeof s.notes_embeddable === 'number') return s.notes_embeddable > 0 && s.notes_embedded >= s.notes_embeddable ? 'notes' : null;
  return fallbackPassages !== undefined && s.chunks_done >= fallbackPassages ? 'passages' : null;
}

export interface FollowOptions {
  /** performance.now()-style ms (Date.now()) when the import was searchable. */
  start: number;
  until: 'first' | 'all';
  maxMs: number;
  profile: string;
  sampleMs?: number;
  memoryMs?: number;
  fallbackPassages?: number;
  log?: (line: string) => void;
}

export async function follow(page: Page, o: FollowOptions): Promise<Followed> {
  const sampleMs = o.sampleMs ?? 10_000;
  const memoryMs = o.memoryMs ?? 60_000;
  const samples: Sample[] = [];
  const memory: Followed['memory'] = [];
  const m: Milestones = {};
  const since = () => (Date.now() - o.start) / 1000;
  let prev = { t: 0, done: 0 };
  let nextSample = 0;
  let nextMemory = 0;
  let s = await status(page);
  const takeMemory = async () => memory.push({ ...(await memoryOf(page)), t: since(), rssMb: rendererMb(o.profile) });
  for (;;) {
    const t = since();
    s = await status(page);
    if (m.firstVector === undefined && s.chunks_done > 0) m.firstVector = t;
    const by = m.openings === undefined ? openingsDone(s, o.fallbackPassages) : null;
    if (by) {
      Object.assign(m, { openings: t, openingsAt: s.chunks_done, openingsBy: by });
      o.log?.(`every note's first passage embedded after ${t.toFixed(1)} s (${s.chunks_done} of ${s.chunks_total} passages; told by ${by})`);
    }
    if (s.complete && m.all === undefined) m.all = t;
    const finished = o.until === 'first' ? m.openings !== undefined : m.all !== undefined;
    const capped = !finished && Date.now() - o.start >= o.maxMs;
    if (t * 1000 >= nextSample || finished || capped) {
      const sample: Sample = {
        t: Math.round(t * 10) / 10,
        state: s.state,
        done: s.chunks_done,
        total: s.chunks_total,
        rate: t > prev.t ? Math.round(((s.chunks_done - prev.done) / (t - prev.t)) * 10) / 10 : 0,
        notesEmbedded: s.notes_embedded ?? null,
        notesEmbeddable: s.notes_embeddable ?? null,
        embedWorkers: embedWorkers(page),
        rssMb: rendererMb(o.profile),
      };
      samples.push(sample);
      prev = { t, done: s.chunks_done };
      nextSample += sampleMs;
      o.log?.(`${sample.t.toFixed(0).padStart(5)} s: ${s.state}, ${s.chunks_done}/${s.chunks_total} passages (${sample.rate}/s), notes ${sample.notesEmbedded ?? '?'}/${sample.notesEmbeddable ?? '?'}, ${sample.embedWorkers} embed worker(s), renderer ${sample.rssMb} MB`);
    }
    // Memory once a minute while embedding (the first while the model is loaded), and at the end.
    if ((t * 1000 >= nextMemory && s.chunks_done > 0) || finished || capped) {
      await takeMemory();
      nextMemory = t * 1000 + memoryMs;
    }
    if (finished || capped) return { samples, memory, milestones: m, last: s, seconds: t, capped };
    await page.waitForTimeout(1000);
  }
}

/** Passages per second over the last `window` seconds of samples, or since embedding began if that is shorter (model load excluded). */
export function recentRate(samples: readonly Sample[], window = 300): { rate: number; seconds: number } {
  const end = samples[samples.length - 1];
  const embedding = samples.filter((x, i) => x.done > 0 || samples[i + 1]?.done > 0);
  const from = [...embedding].reverse().find((x) => end.t - x.t >= window) ?? embedding[0];
  return !end || !from || end.t <= from.t ? { rate: 0, seconds: 0 } : { rate: (end.done - from.done) / (end.t - from.t), seconds: end.t - from.t };
}

/** Samples for a table: all of them if few, else one a minute (the rate over that minute) and the last. */
export function tableSamples(samples: readonly Sample[], most = 30): Sample[] {
  if (samples.length <= most) return [...samples];
  const out: Sample[] = [];
  let prev = samples[0];
  for (const x of samples) {
    if (x.t - prev.t >= 60 || x === samples[samples.length - 1]) {
      out.push({ ...x, rate: x.t > prev.t ? Math.round(((x.done - prev.done) / (x.t - prev.t)) * 10) / 10 : 0 });
      prev = x;
    }
  }
  return out;
}
