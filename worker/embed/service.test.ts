// The background embedding queue with the real model: resume after a restart,
// re-embedding only what changed, switching models, downloading a model.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openMemoryDb, saveDb } from '../db/open-node';
import { memorySource } from '../ingest/source';
import { ok } from '../test/make-engine';
import type { Embedder, LoadProgress } from './embedder';
import { startLocalHub } from './local-hub';
import { BUILTIN_MODELS, type ModelSpec } from './models';
import { BUNDLED_MODELS_DIR, folderModelSpec, nodeEmbedder } from './node-embedder';
import { engineOn, settle, sharedEmbedder } from './testing';
import * as Comlink from 'comlink';
import { remoteEmbedder } from './remote';

const tmp = mkdtempSync(join(tmpdir(), 'kioku-embed-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The real embedder, counting the passages it is asked to embed. */
function counting(inner: Embedder = sharedEmbedder()) {
  const seen: string[] = [];
  const embedder: Embedder = {
    load: (spec, p) => inner.load(spec, p),
    embed: async (texts, role) => {
      if (role === 'passage') seen.push(...texts);
      return inner.embed(texts, role);
    },
  };
  return { embedder, seen };
}

function notes(n: number, prefix = 'Note'): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < n; i++) out[`n${i}.md`] = `# ${prefix} ${i}\n\nParagraph about topic number ${i} and the weather on day ${i}.\n\n## Details\n\nMore words for note ${i}, enough to stand alone as a passage about gardening.\n`;
  return out;
}

const USE = BUILTIN_MODELS[0];

describe('background embedding', () => {
  it('resumes after a restart without embedding anything twice', async () => {
    const file = join(tmp, 'resume.db');
    const first = counting();
    const a = engineOn(await openMemoryDb(), { embedder: first.embedder, service: { maxBatch: 4, targetBatchMs: 1 } });
    a.embed.pause();
    await a.importSource(memorySource('v', notes(12)));
    a.embed.resume();
    // "Kill" the worker mid-run: snapshot the database while batches are still coming.
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        if (first.seen.length >= 12) {
          clearInterval(timer);
          saveDb(a.db, file);
          resolve();
        }
      }, 1);
    });
    await a.embed.whenIdle();

    const second = counting();
    const b = engineOn(await openMemoryDb({ file }), { embedder: second.embedder, service: { maxBatch: 4 } });
    const before = await b.embed.refresh();
    expect(before.complete).toBe(false);
    expect(before.chunks_done).toBeGreaterThan(0);
    const after = await b.embed.runToCompletion();
    expect(after.complete).toBe(true);
    expect(after.state).toBe('complete');
    expect(second.seen.length).toBe(after.chunks_total - before.chunks_done);
    // Nothing the first run finished was embedded again.
    const firstDone = new Set(first.seen.slice(0, before.chunks_done));
    expect(second.seen.filter((t) => firstDone.has(t))).toEqual([]);
  });

  it('an import starts embedding in the background', async () => {
    const engine = engineOn(await openMemoryDb());
    await engine.importSource(memorySource('v', notes(3)));
    expect(await settle(engine)).toMatchObject({ complete: true, state: 'complete', chunks_done: 3 });
  });

  it('embeds every note\'s first passage before any note\'s second', async () => {
    const c = counting();
    const engine = engineOn(await openMemoryDb(), { embedder: c.embedder, service: { maxBatch: 4, targetBatchMs: 1 } });
    const long = (n: number, part: number) => `Part ${part} of note ${n}: ` + 'a sentence with enough words to fill a passage of its own here. '.repeat(5);
    const files: Record<string, string> = {};
    for (let n = 0; n < 5; n++) files[`long${n}.md`] = `# Long ${n}\n\n${long(n, 0)}\n\n${long(n, 1)}\n\n${long(n, 2)}\n`;
    await engine.importSource(memorySource('v', files));
    const s = await settle(engine);
    expect(s.chunks_done).toBeGreaterThanOrEqual(15);
    // Every passage readable: the notes with passages are counted from the chunked table alone.
    expect(s).toMatchObject({ notes_embeddable: 5, notes_embedded: 5 });
    const part = (t: string) => Number(/Part (\d) of/.exec(t)![1]);
    const order = c.seen.map(part);
    // Non-decreasing: all first parts, then all second parts, ...
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(order.slice(0, 5)).toEqual([0, 0, 0, 0, 0]);
  });

  it('counts the notes searchable by meaning: every note once the first passages are in, before the second ones; never a note the model cannot read', async () => {
    const long = (n: number, part: number) => `Part ${part} of note ${n}: ` + 'a sentence with enough words to fill a passage of its own here. '.repeat(5);
    const files: Record<string, string> = { 'ja/猫.md': '# 猫の飼い方\n\n猫は一日に何度も眠ります。設計図の上でも寝ます。\n' };
    for (let n = 0; n < 5; n++) files[`long${n}.md`] = `# Long ${n}\n\n${long(n, 0)}\n\n${long(n, 1)}\n\n${long(n, 2)}\n`;
    let engine: ReturnType<typeof engineOn> | undefined;
    // The status as each batch starts: what the batches before it wrote.
    const seen: { part: number; embedded: number | null; embeddable: number; done: number; total: number }[] = [];
    const inner = sharedEmbedder();
    const embedder: Embedder = {
      load: (spec, p) => inner.load(spec, p),
      embed: async (texts, role) => {
        if (role === 'passage') {
          const s = engine!.embed.status();
          seen.push({ part: Math.min(...texts.map((t) => Number(/Part (\d) of/.exec(t)?.[1] ?? 9))), embedded: s.notes_embedded, embeddable: s.notes_embeddable, done: s.chunks_done, total: s.chunks_total });
        }
        return inner.embed(texts, role);
      },
    };
    engine = engineOn(await openMemoryDb(), { embedder, service: { maxBatch: 2, targetBatchMs: 1 } });
    await engine.importSource(memorySource('v', files));
    const end = await settle(engine);
    expect(end).toMatchObject({ notes: 6, notes_embeddable: 5, notes_embedded: 5, complete: true });
    expect(seen[0]).toMatchObject({ part: 0, embedded: 0, embeddable: 5, done: 0 });
    // The first batch of second passages starts with every note searchable, though passages are left.
    const second = seen.find((s) => s.part === 1)!;
    expect(second.embedded).toBe(5);
    expect(second.done).toBeLessThan(second.total);
    // Before that, fewer notes: the count follows the first passages as they come.
    expect(seen.filter((s) => s.part === 0).map((s) => s.embedded)).toEqual([0, 2, 4]);
  });

  it('when the embed worker dies mid-batch, a new one takes over and the queue finishes', async () => {
    // The engine side of the real wiring: comlink over a MessageChannel to a model runner.
    const connect = (hangAfter = Infinity) => {
      const { port1, port2 } = new MessageChannel();
      let calls = 0;
      const inner = sharedEmbedder();
      Comlink.expose(
        {
          load: (spec: ModelSpec) => inner.load(spec),
          // A runner that stops answering, as a crashed worker does.
          embed: (texts: string[], role: 'query' | 'passage') => (++calls > hangAfter ? new Promise(() => undefined) : inner.embed(texts, role)),
        },
        port1,
      );
      return { remote: remoteEmbedder(port2), close: () => port1.close() };
    };
    const first = connect(2);
    const engine = engineOn(await openMemoryDb(), { embedder: first.remote, service: { maxBatch: 2, targetBatchMs: 1 } });
    await engine.importSource(memorySource('v', notes(8)));
    await new Promise((r) => setTimeout(r, 300)); // the queue is now stuck on its third batch
    expect(engine.embed.status().complete).toBe(false);
    first.close();
    first.remote.close();
    const second = connect();
    engine.embed.setEmbedder(second.remote);
    const s = await settle(engine);
    expect(s).toMatchObject({ complete: true, error: null });
    second.close();
    second.remote.close();
  });

  it('pause is remembered in the database; resume continues', async () => {
    const file = join(tmp, 'pause.db');
    const a = engineOn(await openMemoryDb());
    a.embed.pause();
    await a.importSource(memorySource('v', notes(3)));
    expect(a.embed.status()).toMatchObject({ paused: true, state: 'paused', complete: false });
    saveDb(a.db, file);
    const b = engineOn(await openMemoryDb({ file }));
    b.embed.start();
    expect((await b.embed.whenIdle()).state).toBe('paused');
    b.embed.resume();
    expect(await b.embed.whenIdle()).toMatchObject({ paused: false, complete: true, state: 'complete' });
    expect(ok(await b.call('embed_status', {}))).toMatchObject({ complete: true, model: { id: 'use-lite-int8' } });
  });

  it('re-import embeds only changed notes; unchanged chunks and renamed notes keep their vectors', async () => {
    const c = counting();
    const engine = engineOn(await openMemoryDb(), { embedder: c.embedder });
    const files = notes(6);
    await engine.importSource(memorySource('v', files));
    const total = (await settle(engine)).chunks_done;
    expect(c.seen.length).toBe(total);

    // Search once so the in-memory index is loaded: the changes below must reach it incrementally.
    const before = ok((await engine.call('search', { query: 'gardening passage about note 5', mode: 'vector', page_size: 20 })) as { results: { path: string }[] });
    expect(before.results.map((h) => h.path)).toContain('n5.md');
    c.seen.length = 0;
    const changed: Record<string, string> = { ...files, 'n2.md': files['n2.md'].replace('More words for note 2', 'Different words for note 2') };
    delete changed['n5.md'];
    changed['moved/n5.md'] = files['n5.md'];
    await engine.importSource(memorySource('v', changed));
    const status = await settle(engine);
    expect(status.complete).toBe(true);
    // Only the changed paragraph of n2 is new; n2's first chunk and the moved n5 reuse their vectors.
    expect(c.seen).toEqual([expect.stringContaining('Different words for note 2')]);
    const r = ok((await engine.call('search', { query: 'gardening passage about note 5', mode: 'vector', page_size: 20 })) as { results: { path: string }[] });
    expect(r.results.map((h) => h.path)).toContain('moved/n5.md');
    expect(r.results.map((h) => h.path)).not.toContain('n5.md');
    // Vectors nothing uses any more are collected once everything is embedded.
    expect(Number(engine.db.column("SELECT COUNT(*) FROM vectors WHERE hash NOT IN (SELECT hash FROM chunks)")[0])).toBe(0);
  });

  it('downloads a hub model with progress, caches it for offline use, and re-embeds the vault with it', async () => {
    const hub = await startLocalHub({ 'kioku-test/use-lite': join(BUNDLED_MODELS_DIR, 'use-lite-onnx') });
    const cacheDir = join(tmp, 'hub-cache');
    const spec: ModelSpec = { ...USE, id: 'kioku-test/use-lite', label: 'USE-lite from a hub', source: { kind: 'hub', repo: 'kioku-test/use-lite' } };
    const progress: LoadProgress[] = [];
    try {
      const online = nodeEmbedder({ cacheDir, remoteHost: hub.url });
      const info = await online.load(spec, (p) => progress.push(p));
      expect(info).toMatchObject({ id: spec.id, dim: 512, device: 'cpu' });
      expect(hub.requests).toContain('/kioku-test/use-lite/resolve/main/onnx/model_int8.onnx');
      const model = progress.filter((p) => p.file === 'onnx/model_int8.onnx');
      expect(model.length).toBeGreaterThan(0);
      // The whole file arrives, counted in bytes.
      const bytes = statSync(join(BUNDLED_MODELS_DIR, 'use-lite-onnx/onnx/model_int8.onnx')).size;
      expect(model.at(-1)).toMatchObject({ phase: 'download', progress: 100, loaded: bytes, total: bytes });
      expect(progress.some((p) => p.phase === 'loading')).toBe(true);

      // Switch an embedded vault to the downloaded model: everything is embedded again, in the background.
      const c = counting(online);
      const engine = engineOn(await openMemoryDb(), { embedder: c.embedder });
      await engine.importSource(memorySource('v', notes(4)));
      const first = await settle(engine);
      c.seen.length = 0;
      engine.embed.addModel(spec);
      const switched = engine.embed.setModel(spec.id);
      expect(switched.model.id).toBe(spec.id);
      expect(switched.complete).toBe(false);
      const done = await engine.embed.whenIdle();
      expect(done).toMatchObject({ complete: true, chunks_done: first.chunks_done });
      expect(c.seen.length).toBe(first.chunks_done);
      // The old model's vectors are gone; search runs with the new one.
      expect(engine.db.column('SELECT DISTINCT model FROM vectors')).toEqual([spec.id]);
      const r = ok((await engine.call('search', { query: 'gardening note 3', mode: 'vector' })) as { results: { path: string }[]; embeddings: { model: string } });
      expect(r.embeddings.model).toBe(spec.id);
      expect(r.results[0].path).toBe('n3.md');
      // Unknown models are refused with the list of known ones.
      expect(() => engine.embed.setModel('nope/none')).toThrow(/use-lite/);
    } finally {
      await hub.close();
    }
    // The hub is gone: the cached copy still loads.
    const offline = nodeEmbedder({ cacheDir, remoteHost: hub.url });
    expect(await offline.load(spec)).toMatchObject({ id: spec.id, dim: 512 });
    const v = await offline.embed(['wind'], 'query');
    expect(v.length).toBe(512);
  });

  it('a model folder loads as a model of its own', async () => {
    const spec = folderModelSpec(join(BUNDLED_MODELS_DIR, 'use-lite-onnx'), 'my-use');
    expect(spec).toMatchObject({ id: 'folder:my-use', dtype: 'q8', maxTokens: 128, dim: 512 });
    const engine = engineOn(await openMemoryDb());
    await engine.importSource(memorySource('v', notes(2)));
    await settle(engine);
    engine.embed.addModel(spec);
    engine.embed.setModel(spec.id);
    expect(await engine.embed.whenIdle()).toMatchObject({ complete: true, model: { id: 'folder:my-use', source: 'folder' } });
    const listed = ok(await engine.call('embed_status', {})) as { models: { id: string; active: boolean }[] };
    expect(listed.models.filter((m) => m.active).map((m) => m.id)).toEqual(['folder:my-use']);
  });

  it('a model that cannot be downloaded is an error state with an actionable message; the old vectors stay', async () => {
    const engine = engineOn(await openMemoryDb(), { embedder: nodeEmbedder({ cacheDir: join(tmp, 'empty-cache'), remoteHost: 'http://127.0.0.1:9/' }) });
    await engine.importSource(memorySource('v', notes(2)));
    await settle(engine);
    const before = Number(engine.db.column('SELECT COUNT(*) FROM vectors')[0]);
    engine.embed.setModel('Xenova/all-MiniLM-L6-v2');
    const s = await engine.embed.whenIdle();
    expect(s.state).toBe('error');
    expect(s.error).toMatch(/Connect to the internet once/);
    expect(Number(engine.db.column('SELECT COUNT(*) FROM vectors')[0])).toBe(before);
  });
});

describe('embedding status', () => {
  it('a new import makes the status incomplete at once, before the queue has started', async () => {
    const engine = engineOn(await openMemoryDb(), { service: { background: false } });
    expect((await engine.embed.refresh()).complete).toBe(true); // nothing to embed
    await engine.importSource(memorySource('v', notes(2)));
    const s = engine.embed.status();
    expect(s).toMatchObject({ complete: false, notes: 2, notes_chunked: 0 });
    expect(ok(await engine.call('search', { query: 'weather' })) as { mode: string }).toMatchObject({ mode: 'text' });
    await engine.embed.runToCompletion();
    expect(engine.embed.status()).toMatchObject({ complete: true, notes: 2 });
  });
});
