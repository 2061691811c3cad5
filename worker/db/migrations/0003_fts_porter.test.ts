// Migration 3 rebuilds the text index with the porter tokenizer from what
// the database holds; a database imported before it keeps every note
// searchable, now with inflections.
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../engine';
import { memorySource } from '../../ingest/source';
import { ok } from '../../test/make-engine';
import { openMemoryDb } from '../open-node';
import { migrate, schemaVersion } from '../migrate';
import { MIGRATIONS } from './index';

describe('migration 0003_fts_porter', () => {
  it('rebuilds the index of an existing database with stemming, keeping notes, files, headings and aliases', async () => {
    const db = await openMemoryDb({ migrate: false });
    migrate(db, MIGRATIONS.filter((m) => m.version < 3));
    expect(schemaVersion(db)).toBe(2);
    const engine = createEngine(db);
    await engine.importSource(
      memorySource('v', {
        'a.md': '---\naliases: [Windmeter]\n---\n# Calibration steps\nThe model was tested.',
        'diagram.png': new Uint8Array([0x89, 0x50]),
      }),
    );
    const search = async (query: string) => (ok(await engine.call('search', { query })) as { results: { path: string }[] }).results.map((r) => r.path);
    expect(await search('models')).toEqual([]); // no stemming yet

    expect(migrate(db)).toEqual([3]);
    expect(await search('models')).toEqual(['a.md']);
    expect(await search('calibrate')).toEqual(['a.md']); // heading, stemmed
    expect(await search('windmeter')).toEqual(['a.md']); // alias
    expect(await search('diagram')).toEqual(['diagram.png']);
  });
});
