// Start-up, first thing the page runs (main.tsx, before the React code is
// even fetched): the engine worker is created at once, so it loads its own
// modules and compiles SQLite while the page loads the rest. Once this tab
// holds the tab lock the worker opens the database and runs the search in
// the URL (Engine.searchAhead), while React is still starting; the tool list
// is asked for before open, so the shell does not wait behind that search.
import * as Comlink from 'comlink';
import { engineApi, engineWorkerFailure, startEmbedding, type OpenState } from './client';
import { setOpeningNote } from '../app/opening-shell';
import { acquireTabLock } from './tab-lock';
import { firstSearchArgs } from '../features/search/search-args';

type ToolList = { name: string; params: { name: string; description: string }[] }[];

export type Boot = { owned: false } | { owned: true; state: Opened; tools: Promise<ToolList> };

let boot: Promise<Boot> | undefined;

/** Starts the engine once per page; every caller gets the same outcome. */
export function bootEngine(): Promise<Boot> {
  boot ??= start();
  return boot;
}

async function start(): Promise<Boot> {
  performance.mark('page: opening');
  const api = engineApi();
  const tools = api.tools();
  const owned = await acquireTabLock();
  performance.mark('page: tab lock held');
  if (!owned) return { owned: false };
  startEmbedding();
  const search = firstSearchArgs(location.search);
  return { owned: true, tools, state: await openEngine(search ? { search } : {}) };
}

/** How opening ended: the engine's answer, or the worker never started (its script did not load or run; `detail`: the browser's message, often empty). */
export type Opened = OpenState | { ok: false; reason: 'no_worker'; detail: string };

/** Opens the database in the worker; a worker that failed to start answers that instead of nothing. */
export function openEngine(opts: { search?: unknown } = {}): Promise<Opened> {
  const failed = engineWorkerFailure().then((detail): Opened => ({ ok: false, reason: 'no_worker', detail }));
  // The worker says when opening rebuilds an earlier version's index (seconds on a large vault), so the page says why it waits.
  return Promise.race([engineApi().open(opts, Comlink.proxy(() => setOpeningNote('app.updatingIndex'))), failed]);
}
