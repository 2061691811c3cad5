// What the engine worker adds for embeddings: one EmbedService per open
// database (handed to the engine as a service), the connection to the embed
// worker, and the API the UI uses to follow and steer the background work.
import type { Db } from '../db/database';
import type { FolderFile } from './opfs-models';
import { remoteEmbedder, type RemoteEmbedder } from './remote';
import { EmbedService, type EmbedStatus } from './service';

export function createEmbedHost() {
  let embedder: RemoteEmbedder | null = null;
  let embed: EmbedService | undefined;
  const listeners = new Map<number, (s: EmbedStatus) => void>();
  let nextListener = 1;
  const need = (): EmbedService => {
    if (!embed) throw new Error('The database is not open yet.');
    return embed;
  };

  return {
    /** Services for the engine over a newly opened (or restored, or wiped) database. */
    servicesFor(db: Db): { embed: EmbedService } {
      embed?.stop();
      embed = new EmbedService(db, embedder, { onStatus: (s) => listeners.forEach((fn) => fn(s)) });
      // Picks up where the last session stopped: the queue's state is in the database.
      embed.start();
      return { embed };
    },

    api: {
      /** The UI connects the embed worker through a MessagePort (again after it restarts). */
      connectEmbedder(port: MessagePort): void {
        embedder?.close();
        embedder = remoteEmbedder(port);
        embed?.setEmbedder(embedder);
        embed?.start();
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

      embedPause(): EmbedStatus {
        need().pause();
        return need().status();
      },

      embedResume(): EmbedStatus {
        need().resume();
        return need().status();
      },

      /** Switches the embedding model; the vault is re-embedded in the background. */
      embedSetModel(id: string): { ok: true; status: EmbedStatus } | { ok: false; message: string } {
        try {
          return { ok: true, status: need().setModel(id) };
        } catch (e) {
          return { ok: false, message: (e as Error).message };
        }
      },

      /** "Load a model from a folder": copied into OPFS by the embed worker, registered, and (by default) switched to. */
      async embedAddFolder(name: string, files: FolderFile[], use = true): Promise<{ ok: true; id: string; status: EmbedStatus } | { ok: false; message: string }> {
        try {
          if (!embedder) throw new Error('The embedding worker is not running; reload the page.');
          const spec = await embedder.saveModelFolder(name, files);
          need().addModel(spec);
          const status = use ? need().setModel(spec.id) : need().status();
          return { ok: true, id: spec.id, status };
        } catch (e) {
          return { ok: false, message: (e as Error).message };
        }
      },
    },
  };
}

export type EmbedHostApi = ReturnType<typeof createEmbedHost>['api'];
