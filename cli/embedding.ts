// The CLI's embedding runs: what is missing is embedded before a command
// answers (index, call, batch; after their writes too), or in the background
// while `kioku mcp` serves, with progress on stderr. The server stops its run
// when its stdin closes, before the database is closed: from then on nothing
// reads the database or reports on it (the service's own stop() ends the queue).
import type { EmbedService, EmbedState, EmbedStatus } from '../worker/embed/service';
import { isErrorResult } from '../worker/errors';
import { findTool } from '../worker/tools/call';
import type { ProgressSource } from './mcp/progress';

export interface EmbedFlags {
  /** false: --no-embed, nothing is computed in this run. */
  embed: boolean;
  quiet: boolean;
}

const err = (s: string) => process.stderr.write(s + '\n');

/** Embeds what is missing, reporting progress on stderr; returns whether anything changed. After `stop` aborts it reports nothing more. */
export async function embedAll(embed: EmbedService, flags: EmbedFlags, stop?: AbortSignal): Promise<boolean> {
  if (!flags.embed) {
    // Nothing will be computed, but what is stored counts: the status (and the
    // default search mode) must reflect the vectors already in the database.
    // Paused for this run only: a later run without --no-embed embeds as before.
    embed.pause('run');
    await embed.refresh();
    return false;
  }
  const before = await embed.refresh();
  // Paused with embed_pause (or by a kioku before 2026-12-04 run with --no-embed): nothing runs until embed_resume.
  if (before.paused && !before.complete && !stop?.aborted && !flags.quiet) {
    err("kioku: embedding is paused in this database (embed_pause), so notes without vectors are missed by vector and hybrid search; to embed them, run: kioku call embed_resume '{}' with the same --db");
  }
  if (before.complete || before.paused || stop?.aborted) return false;
  let last = 0;
  const show = (s: EmbedStatus) => {
    if (flags.quiet || Date.now() - last < 2000) return;
    last = Date.now();
    const eta = s.eta_s === null ? '' : `, about ${s.eta_s} s left`;
    err(`kioku: embedding ${s.chunks_done}/${s.chunks_total} passages with ${s.model.id}${s.rate_per_s ? ` (${s.rate_per_s}/s${eta})` : ''}`);
  };
  // The timer reads the database: it ends as soon as the run is stopped, not when the run's last batch returns.
  const timer = setInterval(() => show(embed.status()), 500);
  const end = () => clearInterval(timer);
  stop?.addEventListener('abort', end, { once: true });
  try {
    const s = await embed.runToCompletion();
    if (stop?.aborted) return true;
    if (s.error) err(`kioku: embeddings are incomplete (${s.error}); text search still works, --no-embed skips this step`);
    else if (!flags.quiet) err(`kioku: embedded ${s.chunks_done - before.chunks_done} passages with ${s.model.id} (${s.chunks_done} in all)`);
  } finally {
    end();
    stop?.removeEventListener('abort', end);
  }
  return true;
}

/** Whether a call changed stored state (a write that succeeded): what it changed is embedded next. */
export function wrote(tool: string, result: unknown): boolean {
  return !!findTool(tool)?.write && !isErrorResult(result);
}

/** The queue is at work (the start-up run, or the engine's after a write or re-read). */
const WORKING: ReadonlySet<EmbedState> = new Set(['loading', 'downloading', 'chunking', 'embedding']);

/**
 * Embeds what is missing in the background until `stop` aborts; the returned
 * source tells the progress of this run and of every later one the engine
 * starts after a write or a re-read.
 */
export function startEmbedding(embed: EmbedService, flags: EmbedFlags, stop: AbortSignal): ProgressSource {
  let running = flags.embed;
  void embedAll(embed, flags, stop)
    // A failure after the stop is the closed database: nothing to report. Before it, the server goes on by text.
    .catch((e) => (stop.aborted ? undefined : err(`kioku: embedding failed: ${(e as Error)?.message ?? e}; search ranks by text`)))
    .finally(() => (running = false));
  return () => {
    if (!flags.embed || stop.aborted) return null;
    const s = embed.status();
    if (s.complete || !(running || WORKING.has(s.state))) return null;
    return { done: s.chunks_done, total: s.chunks_total, message: `embedding ${s.chunks_done}/${s.chunks_total} passages with ${s.model.id}; search ranks by text until this is done` };
  };
}
