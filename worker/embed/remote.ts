// The engine worker's view of the embed worker: an Embedder over a
// MessagePort (comlink), plus the folder-model calls that need OPFS there.
import * as Comlink from 'comlink';
import type { EmbedWorkerApi } from './embed.worker';
import type { Embedder } from './embedder';
import type { ModelSpec } from './models';
import type { FolderFile } from './opfs-models';
import type { OrtBuild } from './ort-build';

export interface RemoteEmbedder extends Embedder {
  saveModelFolder(name: string, files: FolderFile[]): Promise<ModelSpec>;
  deleteModelFolder(name: string): Promise<void>;
  /** Benchmarks: ONNX Runtime's wasm thread count (whether idle threads spin, further session options, which build), before the first load; false once it has started. */
  requestThreads(n: number, spinning?: boolean, session?: Record<string, unknown>, build?: OrtBuild): Promise<boolean>;
  close(): void;
}

export function remoteEmbedder(port: MessagePort): RemoteEmbedder {
  const remote = Comlink.wrap<EmbedWorkerApi>(port);
  // A call to a worker that died never answers: closing rejects whatever is still waiting.
  let fail: (e: Error) => void = () => undefined;
  const closed = new Promise<never>((_, reject) => (fail = reject));
  closed.catch(() => undefined);
  const guard = <T>(p: Promise<T>) => Promise.race([p, closed]);
  return {
    load: (spec, onProgress) => guard(remote.load(spec, onProgress ? Comlink.proxy(onProgress) : undefined)),
    embed: (texts, role) => guard(remote.embed(texts, role)),
    tokenCounts: (texts) => guard(remote.tokenCounts(texts)),
    saveModelFolder: (name, files) => guard(remote.saveModelFolder(name, files)),
    deleteModelFolder: (name) => guard(remote.deleteModelFolder(name)),
    requestThreads: (n, spinning, session, build) => guard(remote.requestThreads(n, spinning, session, build)),
    close() {
      fail(new Error('The embedding worker stopped; a new one takes over.'));
      remote[Comlink.releaseProxy]();
      port.close();
    },
  };
}
