// Notes changed by a tool write are embedded in the background, as after an
// import: the app's engine (and `kioku mcp`) kept running by text after a
// save until the next import or reload. Real engine, real SQLite, the real model.
import { describe, expect, it } from 'vitest';
import { ok } from '../test/make-engine';
import { embeddedEngine } from './testing';

const NOTES = {
  'boats.md': '# Boats\n\nNotes about the garden: tomatoes, basil and compost.\n',
  'taxes.md': '# Taxes\n\nFile the annual return before April; keep receipts for deductions.\n',
};

describe('embedding after writes', () => {
  it('write_note and create_note start the background queue: the changed notes are embedded and search is hybrid again', async () => {
    const engine = await embeddedEngine(NOTES);
    expect(engine.embed.status().complete).toBe(true);
    ok(await engine.call('write_note', { vault: 'test', path: 'boats.md', body: '# Boats\n\nSailing a small yacht across the harbour in a strong wind.\n' }));
    ok(await engine.call('create_note', { vault: 'test', path: 'trains.md', body: '# Trains\n\nThe night train to the mountains leaves at ten.\n' }));
    const status = await engine.embed.whenIdle();
    expect(status).toMatchObject({ complete: true, notes: 3 });
    const r = ok(await engine.call('search', { query: 'sailing vessel on the sea', mode: 'hybrid' })) as { mode: string; notice?: string; results: { path: string }[] };
    expect(r.mode).toBe('hybrid');
    expect(r.notice).toBeUndefined();
    expect(r.results[0].path).toBe('boats.md');
    const trains = ok(await engine.call('search', { query: 'railway journey', mode: 'vector' })) as { results: { path: string }[] };
    expect(trains.results[0].path).toBe('trains.md');
  });

  it('a queue paused with embed_pause stays paused after a write', async () => {
    const engine = await embeddedEngine(NOTES);
    ok(await engine.call('embed_pause', {}));
    ok(await engine.call('write_note', { vault: 'test', path: 'boats.md', body: '# Boats\n\nSailing.\n' }));
    const status = await engine.embed.whenIdle();
    expect(status).toMatchObject({ paused: true, complete: false });
  });
});
