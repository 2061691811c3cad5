// The engine worker's view of the embed worker: an Embedder over a
// MessagePort (comlink), plus the folder-model calls that need OPFS there.
import * as Comlink from 'comlink';
import type { EmbedWorkerApi } from './embed.worker';
import type { Embedder } from './embedder';
import type { ModelSpec } from './models';
import type { FolderFile } from './opfs-models';

export interface RemoteEmbedder extends Embedder {
  saveModelFolder(name: string, files: FolderFile[]): Promise<ModelSpec>;
  deleteModelFolder(name: string): Promise<void>;
  close(): void;
}

export function remoteEmbedder(port: MessagePort): RemoteEmbedder {
  const remote = Comlink.wrap<EmbedWorkerApi>(port);
  return {
    load: (spec, onProgress) => remote.load(spec, onProgress ? Comlink.proxy(onProgress) : undefined),
    embed: (texts, role) => remote.embed(texts, role),
    saveModelFolder: (name, files) => remote.saveModelFolder(name, files),
    deleteModelFolder: (name) => remote.deleteModelFolder(name),
    close() {
      remote[Comlink.releaseProxy]();
      port.close();
    },
  };
}
