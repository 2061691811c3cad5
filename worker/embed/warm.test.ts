// embed_warm: after a restart the model and the vector index load before the
// first search by meaning, which then needs no model load of its own.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openMemoryDb, saveDb } from '../db/open-node';
import { ok } from '../test/make-engine';
import type { Embedder } from './embedder';
import { createEngine } from '../engine';
import { createEmbedHost } from './embed-host';
import { embeddedEngine, engineOn, sharedEmbedder } from './testing';

const tmp = mkdtempSync(join(tmpdir(), 'kioku-warm-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The real embedder, counting model loads. */
function countingLoads(inner: Embedder = sharedEmbedder()) {
  const c = { loads: 0 };
  const embedder: Embedder = {
    load: (spec, p) => {
      c.loads++;
      return inner.load(spec, p);
    },
    embed: (texts, role) => inner.embed(texts, role),
  };
  return { embedder, c };
}

type Status = { ready: boolean; complete: boolean; state: string };

describe('embed_warm', () => {
  it('loads the model and the index of an embedded vault after a restart', async () => {
    const file = join(tmp, 'warm.db');
    const a = await embeddedEngine({ 'a.md': '# Anemometer\n\nMeasures how fast the wind blows.\n', 'b.md': '# Bread\n\nFlour and water.\n' });
    saveDb(a.db, file);
    a.embed.stop();

    const fresh = countingLoads();
    const b = engineOn(await openMemoryDb({ file }), { embedder: fresh.embedder, service: { background: false } });
    const before = ok(await b.call('embed_status', {})) as Status;
    expect(before.ready).toBe(false);
    expect(fresh.c.loads).toBe(0);

    const warmed = ok(await b.call('embed_warm', {})) as Status;
    expect(warmed).toMatchObject({ ready: true, complete: true });
    expect(fresh.c.loads).toBe(1);

    const r = ok(await b.call('search', { query: 'wind speed instrument', mode: 'hybrid' })) as { mode: string; results: { path: string }[] };
    expect(r.mode).toBe('hybrid');
    expect(r.results[0]?.path).toBe('a.md');
    expect(fresh.c.loads).toBe(1); // the search found the model loaded
    b.embed.stop();
  });

  it('loads no model where nothing is embedded yet', async () => {
    const fresh = countingLoads();
    const e = await embeddedEngine({ 'a.md': '# A\n\nText.\n' }, { embed: false, embedder: fresh.embedder, service: { background: false } });
    const s = ok(await e.call('embed_warm', {})) as Status;
    expect(s.ready).toBe(false);
    expect(fresh.c.loads).toBe(0);
    e.embed.stop();
  });
});

describe('opening a database (the browser embed host)', () => {
  /** What the engine worker does on open (engine-host make → embed host attach), with a counting embedder. */
  async function attachOn(file: string) {
    const fresh = countingLoads();
    const engine = createEngine(await openMemoryDb({ file }), { embedder: fresh.embedder, background: false });
    createEmbedHost().attach(engine);
    return { engine, c: fresh.c };
  }

  it('with no start-up grace (no search to wait for), starts loading the model of an embedded vault at once', async () => {
    const file = join(tmp, 'open-embedded.db');
    const a = await embeddedEngine({ 'a.md': '# Anemometer\n\nMeasures how fast the wind blows.\n' });
    saveDb(a.db, file);
    a.embed.stop();

    const { engine, c } = await attachOn(file);
    expect(c.loads).toBe(1);
    // The search by meaning finds the load under way (or done) and starts none of its own.
    const r = ok(await engine.call('search', { query: 'wind speed instrument', mode: 'vector' })) as { results: { path: string }[] };
    expect(r.results[0]?.path).toBe('a.md');
    expect(c.loads).toBe(1);
    engine.embed!.stop();
  });

  it('loads no model when the active model has no vectors', async () => {
    const file = join(tmp, 'open-plain.db');
    const a = await embeddedEngine({ 'a.md': '# A\n\nText.\n' }, { embed: false, service: { background: false } });
    saveDb(a.db, file);
    a.embed.stop();

    const { engine, c } = await attachOn(file);
    expect(c.loads).toBe(0);
    engine.embed!.stop();
  });
});
