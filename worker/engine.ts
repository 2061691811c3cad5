// The engine: one database, the tool contract over it, imports, and the
// embedding service. The browser worker, the embedding host, the CLI and the
// tests all build exactly this object, with createEngine.
import type { Db } from './db/database';
import { writeLane } from './db/lane';
import { rederiveIfStale } from './ingest/derivation';
import { importVault, tidyTextIndex, type ImportOptions, type ImportSummary } from './ingest/import';
import type { ImportSource } from './ingest/source';
import { removeVault } from './ingest/vaults';
import { autoSubscribeOwnFolders } from './team/refresh';
import { callTool, findTool } from './tools/call';
import type { ToolContext } from './tools/define';
import { isErrorResult, notOpenError, toErrorResult, type ToolErrorResult } from './errors';
import type { Embedder } from './embed/embedder';
import { EmbedService, type EmbedServiceOptions } from './embed/service';
import type { NoteDisk } from './platform/write-back';
import type { EngineServices } from './services';
import { startupMark } from './platform/startup-marks';
import type { CallRules } from './platform/call-order';

export type { EngineServices };

export interface EngineOptions {
  now?: () => number;
  /**
   * The model runner. Given (null too: none connected yet, as in the browser
   * before the embed worker starts), the engine has an embedding service.
   */
  embedder?: Embedder | null;
  /** Vault folders open for writing (write_note writes edits through them). */
  disk?: NoteDisk;
  /** false: embed only when asked (runToCompletion), never on its own after imports and writes (the CLI's one-shot commands). */
  background?: boolean;
  /** Tuning and status updates of the embedding service. */
  embedding?: Omit<EmbedServiceOptions, 'background'>;
  /**
   * Milliseconds after opening during which background embedding work (the
   * vector index's first load, the queue) waits, unless the first search
   * answers sooner: the page's first query after a load gets the worker to
   * itself. The browser host sets it; by default nothing waits.
   */
  startupGraceMs?: number;
}
import type { ToolName, ToolOutput } from './tools/registry';

export interface Engine {
  readonly db: Db;
  readonly ctx: ToolContext;
  /** The embedding service, when the engine was given an embedder. */
  readonly embed?: EmbedService;
  call<N extends ToolName>(name: N, args?: unknown): Promise<ToolOutput<N> | ToolErrorResult>;
  call(name: string, args?: unknown): Promise<unknown>;
  /**
   * Imports a folder. Imports run one at a time. With `deferIndexTidy`, the
   * text index is merged right after the import has returned (the vault is
   * searchable before); idle() resolves once that is done.
   */
  importSource(source: ImportSource, opts?: ImportOptions): Promise<ImportSummary>;
  /** Resolves when no import, index maintenance or other write is running or queued. */
  idle(): Promise<void>;
  /** Removes a vault and everything of it (in the write lane); false when there is none of that name. */
  removeVault(name: string): Promise<boolean>;
  /**
   * Before its database is closed or replaced (restore, wipe): background
   * work stops for good, writes already queued finish, and every later call
   * answers not_ready. Resolves when the database may be closed.
   */
  stop(): Promise<void>;
  /**
   * Runs a search before it is asked for (the browser: the query in the page's
   * URL, while the page is still loading its own code). The first search call
   * gets this answer if its arguments are the same and nothing that could
   * change it happened in between; otherwise it is thrown away. Does nothing
   * once a search has been called. Returns the answer it will hand out, if it ran.
   */
  searchAhead(args: unknown): Promise<unknown> | undefined;
}

const SEARCHES = new Set(['search', 'find']);
/** Tools that change nothing a search reads: a search run ahead stays good across them (any other call drops it). */
const KEEPS_AHEAD = new Set(['unsaved_changes', 'vaults', 'embed_status', 'folders', 'tags', 'fields', 'problems', 'read_note', 'resolve_links']);

/** For the engine worker's call order (platform/call-order.ts): a search starts before queued calls that change nothing it reads. */
export const CALL_RULES: CallRules = {
  urgent: (name) => SEARCHES.has(findTool(name)?.name ?? ''),
  passable: (name) => KEEPS_AHEAD.has(findTool(name)?.name ?? ''),
};

export function createEngine(db: Db, opts: EngineOptions = {}): Engine {
  // Notes stored by an older reading of Markdown are read again from their stored text, once.
  rederiveIfStale(db, (opts.now ?? Date.now)());
  startupMark('derivation checked');
  const embedService = opts.embedder !== undefined ? new EmbedService(db, opts.embedder, { ...opts.embedding, background: opts.background }) : undefined;
  const services: EngineServices = { embed: embedService, disk: opts.disk };
  const ctx: ToolContext = { db, now: opts.now ?? Date.now, services };
  let importing: Promise<unknown> = Promise.resolve();
  const lane = writeLane(db);
  const startup = opts.startupGraceMs !== undefined && embedService ? startupGrace(opts.startupGraceMs) : undefined;
  if (startup) embedService!.deferBackground(startup.over);
  let stopped = false;
  // The search run ahead (searchAhead), until the first search takes or drops it.
  let ahead: { key: string; answer: Promise<unknown> } | undefined;
  let searched = false;
  // Background embedding work may write once the grace is over: what was run ahead may no longer hold.
  void startup?.over.then(() => (ahead = undefined));
  const engine: Engine = {
    db,
    ctx,
    embed: embedService,
    call: ((name: string, args?: unknown) => {
      if (stopped) return Promise.resolve(toErrorResult(notOpenError()));
      const tool = findTool(name)?.name ?? '';
      const held = ahead;
      if (!KEEPS_AHEAD.has(tool)) ahead = undefined;
      if (!SEARCHES.has(tool)) {
        const answer = callTool(ctx, name, args);
        // A write may have changed notes: they are embedded in the background, as after an import.
        if (findTool(name)?.write) void answer.then((r) => isErrorResult(r) || services.embed?.start());
        return answer;
      }
      // Searches get the CPU first: the embedding queue waits while someone is searching.
      services.embed?.touch();
      const early = tool === 'search' && held?.key === JSON.stringify(args) ? held.answer : undefined;
      if (early) startupMark('search ahead: used');
      searched = true;
      const answer = early ?? callTool(ctx, name, args);
      // The first search answered: background work may start, once its answer is on its way (the next task).
      if (startup) void answer.finally(() => setTimeout(startup.end, 0));
      return answer;
    }) as Engine['call'],
    importSource(source, importOpts = {}) {
      ahead = undefined;
      // Imports of the same database never interleave their transactions.
      const run = importing
        .then(() => importVault(db, source, { now: ctx.now, ...importOpts }))
        // Team spaces: my own folders found by this import are subscribed before its result is reported.
        .then(async (s) => (s.vaultId ? (await lane.run(() => autoSubscribeOwnFolders(db, s.vaultId)), s) : s));
      importing = run
        // A database about to be closed is not tidied (it would be closed under the merge).
        .then((s) => (importOpts.deferIndexTidy && s.phase === 'done' ? nextTask().then(() => (stopped ? undefined : lane.run(() => tidyTextIndex(db, s)))) : undefined))
        .catch((e) => {
          // A failed merge only leaves more index segments (the next import merges again), but it is logged, not hidden.
          console.warn(`Kioku: tidying the text index after importing failed: ${(e as Error)?.message ?? e}`);
        });
      // New and changed notes are embedded in the background once the import (and its index tidy) is done;
      // meanwhile the embedding queue waits.
      const embed = services.embed;
      embed?.holdFor(importing);
      void importing.then(() => embed?.start());
      return run;
    },
    async idle() {
      await importing;
      await lane.idle();
    },
    searchAhead(args) {
      if (stopped || searched || ahead) return undefined;
      services.embed?.touch();
      startupMark('search ahead: start');
      const answer = callTool(ctx, 'search', args).finally(() => startupMark('search ahead: end'));
      ahead = { key: JSON.stringify(args), answer };
      return answer;
    },
    removeVault(name) {
      ahead = undefined;
      return lane.run(() => {
        const row = db.get<{ id: number }>('SELECT id FROM vaults WHERE name = ?', [name]);
        if (!row) return false;
        removeVault(db, row.id);
        return true;
      });
    },
    async stop() {
      stopped = true;
      ahead = undefined;
      embedService?.stop();
      await engine.idle();
    },
  };
  return engine;
}

/** The start-up grace: over after `ms`, or sooner when end() is called. */
function startupGrace(ms: number): { over: Promise<void>; end: () => void } {
  let end!: () => void;
  const over = new Promise<void>((resolve) => {
    end = resolve;
    setTimeout(resolve, ms);
  });
  return { over, end };
}

/** After the current task: lets the import's result reach its caller first. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
