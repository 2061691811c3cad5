// Vector and hybrid search over seekstone-10k in Chromium: the embed worker
// (the app's own, ONNX Runtime wasm) runs as a worker of this engine worker,
// exactly as the app wires them; vectors of the whole vault are handed in
// from Node (see bench/vector-chromium.ts). Chromium only.
import { defineScenario } from '../scenario';
import { keywordQueries, measureVectorSearch } from '../../vector-measure';
import { unpackVectors } from '../../vector-pack';
import { remoteEmbedder } from '../../../worker/embed/remote';
import semantic from '../../seekstone-semantic.json';
import keywordFile from '../../eval/data/seekstone-keyword-queries.json';
import { asWasm } from '../../../worker/db/database';

export default defineScenario({
  description: 'Embedding throughput, text latency while embedding, vector/hybrid latency and quality on seekstone-10k (run by npm run bench:vector-chromium).',
  defaultCorpora: ['seekstone-10k'],
  async run(ctx) {
    if (ctx.host !== 'chromium') return [{ host: ctx.host, measure: 'Node: use npm run bench:vector', value: '', note: '' }];
    const engine = await ctx.reset();
    const worker = new Worker(new URL('../../../worker/embed/embed.worker.ts', import.meta.url), { type: 'module', name: 'kioku-embed' });
    const channel = new MessageChannel();
    worker.postMessage({ type: 'connect', port: channel.port1 }, [channel.port1]);
    const embedder = remoteEmbedder(channel.port2);
    try {
      return await measureVectorSearch({
        host: 'chromium',
        db: engine.db,
        embedder,
        seekstone: ctx.corpus('seekstone-10k').source('seekstone'),
        vectors: async () => unpackVectors(ctx.corpus('seekstone-vectors').files[0].bytes),
        semantic: semantic.queries,
        keywords: keywordQueries(keywordFile),
        sampleChunks: Number(ctx.options.sample ?? 128),
        memory: () => ({ 'SQLite wasm heap': Math.round(asWasm(engine.db).sqlite3.wasm.heap8().byteLength / 1e5) / 10 }),
        log: ctx.log,
      });
    } finally {
      embedder.close();
      worker.terminate();
    }
  },
});
