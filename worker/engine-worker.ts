// The engine's Web Worker, once its modules are loaded (entry.worker.ts loads
// this module while SQLite's wasm compiles): it owns the OPFS database and
// exposes the engine host's API (worker/platform/engine-host.ts) to the page through comlink,
// plus what the UI adds: folders opened for writing (edits are written back
// through them), the notes of a vault for export, the tool list, and the
// embedding host's API (worker/embed/embed-host.ts: the embed worker's port,
// embedding status, pause/resume, model choice), the checks the UI shows
// while the user types (worker/ui-checks.ts) and where a search's words are in
// an opened note (worker/search/note-marks.ts). The page sees this API's type
// through worker/contract.ts only.
import * as Comlink from 'comlink';
import { createEngineHost } from './platform/engine-host';
import { toErrorResult, type ToolErrorResult } from './errors';
import { handleDisk, vaultNoteTexts } from './platform/write-back';
import { createEmbedHost } from './embed/embed-host';
import { TOOLS } from './tools/registry';
import { changesIdentity, toolCatalog, type ToolInfo } from './tools/catalog';
import { agentResult, type AgentResult } from './tools/agent-result';
import { uiChecks } from './ui-checks';
import { queryMatches } from './search/note-marks';
import { startupMark } from './platform/startup-marks';
import { loadSqlite } from './db/sqlite';

export type { OpenState } from './platform/engine-host';

startupMark('engine worker: modules loaded');

// Vault folders the page opened for writing (write_note writes edits through them).
const disk = handleDisk();
const embedHost = createEmbedHost();
const host = createEngineHost({
  // The first search after a page load runs before the vector index loads or the queue starts (or 3 s pass with none).
  engineOptions: () => ({ ...embedHost.engineOptions(), disk, startupGraceMs: 3000 }),
  onEngine: (engine) => embedHost.attach(engine),
});

const api = {
  ...host.api,
  ...embedHost.api,
  ...uiChecks,
  /** Where a search's words are in a note's rendered text, as its snippet marks them (worker/search/note-marks.ts). */
  queryMatches,

  /** The status counts passages (~0.1 s on a cold 10k vault): in the calls' order, so a typed search goes first. */
  embedStatus() {
    return host.inTurn('embed_status', () => embedHost.api.embedStatus());
  },

  removeVault(name: string): Promise<boolean | ToolErrorResult> {
    disk.set(name, null);
    return host.api.removeVault(name);
  },

  /** A folder handle the page got readwrite permission for (null: stop writing to it). */
  setFolderAccess(vault: string, dir: FileSystemDirectoryHandle | null): void {
    disk.set(vault, dir);
  },

  /** Every note of a vault as Kioku holds it (edits included), for "export as .zip". */
  vaultNoteTexts(vault: string): { path: string; text: string; mtime: number }[] | ToolErrorResult {
    try {
      return vaultNoteTexts(host.engine().db, vault);
    } catch (e) {
      return toErrorResult(e);
    }
  },

  /** The tools and their parameters, so the UI can offer exactly what this engine supports. */
  tools(): { name: string; params: { name: string; description: string }[] }[] {
    return Object.values(TOOLS).map((d) => ({ name: d.name, params: d.params.map((p) => ({ name: p.name, description: p.description })) }));
  },

  /** Every tool and alias with its JSON Schema, for in-browser agents (WebMCP) and the Tools page. */
  toolCatalog(): ToolInfo[] {
    return toolCatalog();
  },

  /**
   * A tool call answered the way an agent receives it (JSON plus a text rendering); same engine, same rules as call().
   * From the page's agent (WebMCP), not the user on the Tools page: it acts for the identity set in Settings and may not change it.
   */
  async callForAgent(name: string, args: unknown, from: 'user' | 'page-agent' = 'user'): Promise<AgentResult> {
    if (from === 'page-agent' && changesIdentity(name, args)) {
      return agentResult(name, {
        isError: true,
        error: { code: 'unsupported', details: { reason: 'identity_fixed' }, message: 'An agent acts for the user set in Settings → Team and cannot change who that is (set_identity with no arguments tells who it is). To change it, use Settings → Team.', path: 'user' },
      });
    }
    return agentResult(name, await host.api.call(name, args));
  },
};

export type EngineApi = typeof api;

/** Starts SQLite (from the wasm module being compiled) at once, before open() is asked for, and answers the page. */
export function exposeEngine(wasm: Promise<WebAssembly.Module>): void {
  // Loading the library touches no storage, so it may run before the page holds the tab lock.
  void loadSqlite({ wasm }).catch(() => {}); // a failure is reported by open(), which awaits the same load
  Comlink.expose(api);
}
