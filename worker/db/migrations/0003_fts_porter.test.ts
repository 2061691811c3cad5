// Migration 3 rebuilds the text index with the porter tokenizer from what
// the database holds; a database imported before it keeps every note
// searchable, now with inflections.
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../engine';
import { memorySource } from '../../ingest/source';
import { ok } from '../../test/make-engine';
import { openMemoryDb } from '../open-node';
import { rebuildFts } from '../../text/fts-row';
import { m0003 } from './0003_fts_porter';

describe('migration 0003_fts_porter', () => {
  it('rebuilds the index of an existing database with stemming, keeping notes, files, headings and aliases', async () => {
    // Today's import code writes today's schema, so the database before 3 is
    // made by indexing without stemming, as version 2 did.
    const db = await openMemoryDb();
    const engine = createEngine(db);
    await engine.importSource(
      memorySource('v', {
        'a.md': '---\naliases: [Windmeter]\n---\n# Calibration steps\nThe model was tested.',
        'diagram.png': new Uint8Array([0x89, 0x50]),
      }),
    );
    const search = async (query: string) => (ok(await engine.call('search', { query })) as { results: { path: string }[] }).results.map((r) => r.path);
    rebuildFts(db, { tokenize: 'unicode61 remove_diacritics 2' });
    expect(await search('models')).toEqual([]); // no stemming yet

    db.tx(() => m0003.up!(db));
    expect(await search('models')).toEqual(['a.md']);
    expect(await search('calibrate')).toEqual(['a.md']); // heading, stemmed
    expect(await search('windmeter')).toEqual(['a.md']); // alias
    expect(await search('diagram')).toEqual(['diagram.png']);
  });
});
