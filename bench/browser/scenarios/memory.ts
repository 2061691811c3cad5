// Memory with seekstone-10k in Chromium, as the app runs it: the engine worker
// (SQLite on OPFS), the embed worker it starts (ONNX Runtime wasm and the
// bundled model), and the vector index over a vector for every passage. The
// figure is the renderer process's resident memory, read from /proc at each
// stage: Chromium runs a page's dedicated workers in the page's process, and
// the bench page itself holds next to nothing. The vectors are random bytes
// (memory does not depend on their values; embedding the whole vault in wasm
// takes hours). Chromium only.
import { defineScenario } from '../scenario';
import { remoteEmbedder } from '../../../worker/embed/remote';
import { EmbedService } from '../../../worker/embed/service';
import { chunkerId } from '../../../worker/embed/models';
import { chunkInput } from '../../../worker/embed/chunk';
import { chunkNotes, notesToChunk } from '../../../worker/embed/store';
import { createEngine } from '../../../worker/engine';
import { asWasm } from '../../../worker/db/database';

const mb = (bytes: number) => Math.round(bytes / 1e5) / 10;

export default defineScenario({
  description: 'Resident memory of the engine and embed workers with seekstone-10k and a vector for every passage (renderer RSS, Chromium on Linux).',
  defaultCorpora: ['seekstone-10k'],
  async run(ctx) {
    if (ctx.host !== 'chromium') return [{ host: ctx.host, stage: 'Chromium only', rss_mb: '', delta_mb: '', note: '' }];
    const rows: Record<string, string | number>[] = [];
    let last = NaN;
    const mark = async (stage: string, note = '') => {
      // Let the collector run first, so a stage does not count garbage of the one before.
      await new Promise((r) => setTimeout(r, 1500));
      const rss = await ctx.memoryMb();
      rows.push({ host: 'chromium', stage, rss_mb: rss, delta_mb: Number.isNaN(last) ? '' : Math.round((rss - last) * 10) / 10, note });
      last = rss;
    };

    const db = (await ctx.reset()).db;
    const heap = () => `SQLite wasm heap ${mb(asWasm(db).sqlite3.wasm.heap8().byteLength)} MB`;
    await mark('engine worker, empty database', heap());

    const worker = new Worker(new URL('../../../worker/embed/embed.worker.ts', import.meta.url), { type: 'module', name: 'kioku-embed' });
    const channel = new MessageChannel();
    worker.postMessage({ type: 'connect', port: channel.port1 }, [channel.port1]);
    const embedder = remoteEmbedder(channel.port2);
    let stopped = false;
    const stop = () => {
      if (stopped) return;
      stopped = true;
      embedder.close();
      worker.terminate();
    };
    try {
      const engine = createEngine(db, { embedder, background: false });
      const embed = engine.embed!;
      ctx.log('importing seekstone-10k');
      const summary = await engine.importSource(ctx.corpus('seekstone-10k').source('seekstone'));
      await mark('seekstone-10k imported', `${summary.notes} notes; ${heap()}`);

      const spec = embed.model;
      const chunker = chunkerId(spec);
      for (let notes = notesToChunk(db, chunker, 200); notes.length; notes = notesToChunk(db, chunker, 200)) chunkNotes(db, notes, spec, chunker);
      const passages = Number(db.column('SELECT COUNT(*) FROM chunks WHERE readable = 1')[0]);
      await mark('every note cut into passages', `${passages} passages; ${heap()}`);

      ctx.log('loading the model in the embed worker');
      await embedder.load(spec);
      const sample = db
        .all<{ title: string; heading: string | null; text: string }>('SELECT e.title, c.heading, c.text FROM chunks c JOIN entries e ON e.id = c.entry_id WHERE c.readable = 1 LIMIT 256')
        .map((c) => chunkInput(c.title, c.heading, c.text));
      for (let i = 0; i < sample.length; i += 32) await embedder.embed(sample.slice(i, i + 32), 'passage');
      await mark('embed worker: model loaded, 256 passages embedded', `model ${spec.id}, batches of 32`);

      ctx.log('storing a vector for every passage');
      db.tx(() => {
        db.run('INSERT OR IGNORE INTO vectors (model, hash, dim, scale, vec) SELECT ?, hash, ?, 0.01, randomblob(?) FROM chunks WHERE readable = 1', [spec.id, spec.dim, spec.dim]);
        return undefined;
      });
      await mark('a vector for every passage stored', heap());

      const index = await embed.reindex();
      await mark('vector index loaded', `${index.size} rows × ${index.dim} int8: ${mb(index.bytes)} MB`);

      for (const q of ['wind speed instrument', 'history of the harbour', 'how to bake bread', 'election results', 'river crossing']) {
        await engine.call('search', { query: q, mode: 'hybrid' });
      }
      await mark('after hybrid searches', '5 queries, each embedded in the embed worker');
      stop();
      await mark('embed worker stopped', 'what the embed worker held, given back');
      return rows;
    } finally {
      stop();
    }
  },
});
