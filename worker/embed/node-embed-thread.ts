// One Node embedder thread of the pool (node-embedder-pool.ts): the Node
// embedder with one ONNX Runtime thread, answering the pool's requests.
import { parentPort, workerData } from 'node:worker_threads';
import { nodeEmbedder, type NodeEmbedderOptions } from './node-embedder';
import type { PoolReply, PoolRequest } from './node-embedder-pool';

const embedder = nodeEmbedder({ ...(workerData.options as NodeEmbedderOptions), threads: 1 });
const port = parentPort!;

port.on('message', async (req: PoolRequest & { id: number }) => {
  const reply = (r: Omit<PoolReply, 'id'>, transfer: ArrayBuffer[] = []) => port.postMessage({ id: req.id, ...r }, transfer);
  try {
    if (req.op === 'load') {
      const loaded = await embedder.load(req.spec, req.progress ? (p) => port.postMessage({ id: req.id, progress: p }) : undefined);
      reply({ value: loaded });
    } else if (req.op === 'embed') {
      const vectors = await embedder.embed(req.texts, req.role);
      reply({ value: vectors }, [vectors.buffer as ArrayBuffer]);
    } else reply({ value: await embedder.tokenCounts!(req.texts) });
  } catch (e) {
    reply({ error: e instanceof Error ? e.message : String(e) });
  }
});
