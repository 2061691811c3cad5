// Storage running out mid-import (issue 11): SQLite's own page limit stands in
// for a full disk or an exhausted browser quota. The import fails with a
// message that says so, what was imported before is intact, the database
// stays usable (no transaction left open), and the next import finishes.
import { describe, expect, it, vi } from 'vitest';
import { memorySource } from './source';
import { engineWith, ok } from '../test/make-engine';

describe('storage full during an import', () => {
  it('fails clearly, keeps the existing vault and recovers once there is room', async () => {
    const engine = await engineWith({ 'kept.md': '---\ntitle: Kept\n---\nThe quokka note.\n' }, 'first');
    const pages = engine.db.get<{ page_count: number }>('PRAGMA page_count')!.page_count;
    engine.db.exec(`PRAGMA max_page_count = ${pages + 40}`);
    const big = Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`n${i}.md`, `Note ${i} ${'filler words for size '.repeat(200)}`]));
    const failed = await engine.importSource(memorySource('second', big), { batchSize: 50 });
    expect(failed.phase).toBe('failed');
    expect(failed.error).toMatch(/storage for Kioku is most likely full/);
    expect(failed.error).not.toMatch(/savepoint|no transaction/);
    expect(engine.db.inTransaction()).toBe(false);
    expect(ok(await engine.call('search', { query: 'quokka' })).results.map((r) => r.path)).toEqual(['kept.md']);
    expect(engine.db.column('PRAGMA integrity_check')).toEqual(['ok']);

    engine.db.exec('PRAGMA max_page_count = 1073741823');
    const done = await engine.importSource(memorySource('second', big), { batchSize: 50 });
    expect(done.phase).toBe('done');
    expect(done.notes).toBe(300);
  });
});

describe('storage full while the text index is tidied after an import', () => {
  it('is logged with the reason, not swallowed; the imported notes stay searchable', async () => {
    const engine = await engineWith({ 'kept.md': 'The quokka note.\n' }, 'first');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const many = Object.fromEntries(Array.from({ length: 600 }, (_, i) => [`n${i}.md`, `Note ${i} about wombats ${'filler '.repeat(40)}`]));
      const done = await engine.importSource(memorySource('second', many), { batchSize: 50, deferIndexTidy: true });
      expect(done.phase).toBe('done');
      // The tidy runs after the import answered: no page is left for it.
      const pages = engine.db.get<{ page_count: number }>('PRAGMA page_count')!.page_count;
      engine.db.exec(`PRAGMA max_page_count = ${pages}`);
      await engine.idle();
      expect(warn.mock.calls.map((c) => String(c[0]))).toContainEqual(expect.stringMatching(/tidying the text index after importing failed: .*full/i));
      expect(ok(await engine.call('search', { query: 'wombats', page_size: 1 })).total).toBe(600);
    } finally {
      warn.mockRestore();
      engine.db.exec('PRAGMA max_page_count = 1073741823');
    }
  });
});
