// What the engine worker adds for embeddings: the connection to the embed
// worker, the options each engine builds its EmbedService with, and the API
// the UI uses to follow and steer the background work.
import type { Engine, EngineOptions } from '../engine';
import { writeLane } from '../db/lane';
import { notOpenError, isErrorResult, toErrorResult, type ErrorCode } from '../errors';
import type { FolderFile } from './opfs-models';
import { remoteEmbedder, type RemoteEmbedder } from './remote';
import type { EmbedService, EmbedStatus } from './service';
import type { SpareSource } from './spare-runner';
import { spareWorkerWanted } from './threads';

/** What the page offers for a second embed worker: it starts one and hands over a port to it, or ends it. */
export interface PageSpareWorker {
  open(): MessagePort | Promise<MessagePort>;
  close(): void | Promise<void>;
}

/** The second embed worker the engine talks to now, if open. */
let openSpare: RemoteEmbedder | null = null;

/** A second runner over the page's second embed worker, where the device has a core the model's thread leaves idle. */
function spareFromPage(page: PageSpareWorker | undefined): SpareSource | null {
  if (!page || !spareWorkerWanted({ isolated: self.crossOriginIsolated === true, cores: navigator.hardwareConcurrency })) return null;
  return {
    async open() {
      const runner = remoteEmbedder(await page.open());
      openSpare = runner;
      return runner;
    },
    close(runner) {
      if (openSpare === runner) {
        openSpare = null;
        (runner as RemoteEmbedder).close();
      }
      void page.close();
    },
  };
}

/** How long one batch of passages should take in the browser (see docs/embeddings.md, "The queue"). */
export const BROWSER_BATCH_MS = 150;

export function createEmbedHost() {
  let embedder: RemoteEmbedder | null = null;
  let spare: SpareSource | null = null;
  let embed: EmbedService | undefined;
  let current: Engine | undefined;
  const listeners = new Map<number, (s: EmbedStatus) => void>();
  let nextListener = 1;
  const notReady = () => ({ ok: false as const, code: 'not_ready' as const, message: notOpenError().message });

  return {
    /** How each engine (over a newly opened, restored or wiped database) builds its embedding service. */
    engineOptions(): EngineOptions {
      return { embedder, embedding: { onStatus: (s) => listeners.forEach((fn) => fn(s)), targetBatchMs: BROWSER_BATCH_MS, spare } };
    },

    /** Follows the new engine's embedding service (the old one stops). */
    attach(engine: Engine): void {
      embed?.stop();
      current = engine;
      embed = engine.embed;
      // Picks up where the last session stopped: the queue's state is in the database.
      embed?.start();
      embed?.preloadModel();
    },

    api: {
      /** The UI connects the embed worker through a MessagePort (again after it restarts), and offers a second one. */
      connectEmbedder(port: MessagePort, pageSpare?: PageSpareWorker): void {
        embedder?.close();
        embedder = remoteEmbedder(port);
        spare = spareFromPage(pageSpare);
        embed?.setSpare(spare);
        embed?.setEmbedder(embedder);
        embed?.start();
        embed?.preloadModel();
      },

      /** The page's second embed worker died: whatever it owed fails, and the queue carries on with the first. */
      spareEmbedderFailed(): void {
        const runner = openSpare;
        openSpare = null;
        runner?.close();
      },

      /**
       * The user pressed a key (the page calls this, throttled): background
       * embedding waits until they have been quiet for a moment. Searches
       * hold it too, but the search box searches only once typing pauses.
       */
      userTyping(): void {
        embed?.touch();
      },

      embedStatus(): EmbedStatus | null {
        return embed?.status() ?? null;
      },

      /** Status updates (throttled) while embedding runs; returns a token for offEmbedStatus. */
      onEmbedStatus(fn: (s: EmbedStatus) => void): number {
        const id = nextListener++;
        listeners.set(id, fn);
        return id;
      },

      offEmbedStatus(id: number): void {
        listeners.delete(id);
      },

      /** "Load a model from a folder": copied into OPFS by the embed worker, registered, and (by default) switched to. */
      async embedAddFolder(name: string, files: FolderFile[], use = true): Promise<{ ok: true; id: string; status: EmbedStatus } | { ok: false; code: ErrorCode; message: string }> {
        try {
          if (!current?.embed) return notReady();
          if (!embedder) return { ok: false, code: 'unsupported', message: 'The embedding worker is not running; reload the page.' };
          const spec = await embedder.saveModelFolder(name, files);
          const engine = current;
          await writeLane(engine.db).run(() => engine.embed!.addModel(spec));
          if (use) {
            const r = await engine.call('embed_model', { model: spec.id });
            if (isErrorResult(r)) return { ok: false, code: r.error.code, message: r.error.message };
          }
          return { ok: true, id: spec.id, status: engine.embed!.status() };
        } catch (e) {
          // The error's code is kept (a refused model is invalid_argument, not a crash).
          const r = toErrorResult(e);
          return { ok: false, code: r.error.code, message: r.error.message };
        }
      },
    },
  };
}

export type EmbedHostApi = ReturnType<typeof createEmbedHost>['api'];
