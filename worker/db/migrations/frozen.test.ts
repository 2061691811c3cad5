// Migrations are frozen: what upgrading to a version does never changes with
// later edits to the live code. The files import nothing but the migration
// types; their behaviour is checked against hand-written expectations, and
// against today's import (which, when it changes, needs a migration of its own).
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Db } from '../database';
import { migrate, schemaVersion } from '../migrate';
import { openMemoryDb } from '../open-node';
import { rebuildFts } from '../../text/fts-row';
import { foldText } from '../../ingest/fm-rows';
import { createEngine } from '../../engine';
import { memorySource } from '../../ingest/source';
import { MIGRATIONS } from './index';

const DIR = new URL('./', import.meta.url);

describe('frozen migrations', () => {
  it('import nothing but the migration and database types', () => {
    for (const f of readdirSync(DIR).filter((n) => /^\d{4}_.*\.ts$/.test(n) && !n.endsWith('.test.ts'))) {
      const imports = [...readFileSync(new URL(f, DIR), 'utf8').matchAll(/^import\s[^;]*?from\s+'([^']+)'/gms)].map((m) => m[1]);
      for (const i of imports) expect(['../migrate', '../database'], `${f} imports ${i}`).toContain(i);
    }
  });

  it('0002 refolds stored strings with the fold of version 2', async () => {
    const db = await openMemoryDb({ migrate: false });
    migrate(db, MIGRATIONS.filter((m) => m.version < 2));
    await createEngine(db).importSource(memorySource('v', { 'a.md': '---\nk: [Straße, ＡＢＣ, ΟΔΟΣ]\n---\n' }));
    db.run("UPDATE fm SET fold = 'stale' WHERE key = 'k' AND str IS NOT NULL");
    migrate(db, MIGRATIONS.filter((m) => m.version <= 2));
    expect(db.column<string>("SELECT fold FROM fm WHERE key = 'k' AND str IS NOT NULL ORDER BY pos")).toEqual(['strasse', 'abc', 'οδος']);
  });

  const notes = {
    'specs/Auth_design.md': '---\naliases: [Windmeter, 風速計]\ntags: [security]\n---\n# Calibration `code` steps\n```\n# not a heading\n```\nThe models were tested. OAuth認証の設計\n',
    'diagram.png': new Uint8Array([0x89, 0x50]),
  };

  async function atVersion2(): Promise<Db> {
    const db = await openMemoryDb({ migrate: false });
    migrate(db, MIGRATIONS.filter((m) => m.version < 3));
    await createEngine(db).importSource(memorySource('v', notes));
    return db;
  }

  /** Every (term, column) the index holds. */
  function terms(db: Db): string[] {
    db.exec("CREATE VIRTUAL TABLE IF NOT EXISTS temp.fts_terms USING fts5vocab(main, 'fts', 'instance')");
    return db.all<{ term: string; doc: number; col: string }>('SELECT term, doc, col FROM temp.fts_terms').map((r) => `${r.doc}:${r.col}:${r.term}`).sort();
  }

  it('0003 indexes the columns as version 3 did', async () => {
    const db = await atVersion2();
    expect(migrate(db, MIGRATIONS.filter((m) => m.version <= 3))).toEqual([3]);
    expect(schemaVersion(db)).toBe(3);
    const note = db.column<number>("SELECT id FROM entries WHERE path = 'specs/Auth_design.md'")[0];
    const of = (col: string) => terms(db).filter((t) => t.startsWith(`${note}:${col}:`)).map((t) => t.split(':')[2]);
    expect(of('headings')).toEqual(['calibr', 'step']); // porter stems; inline code and fenced lines left out
    expect(of('aliases')).toEqual(['windmet', '計', '速計', '風速'].sort());
    expect(of('tags')).toEqual(['secur']);
    expect(of('path')).toEqual(['auth', 'design', 'spec']);
    expect(of('body')).toEqual(expect.arrayContaining(['model', 'test', 'oauth', '認証', '証の', 'の設', '設計', '計']));
  });

  it('0003 agrees with what the import writes today (if not: the live import changed; add a migration that rebuilds the index)', async () => {
    const migrated = await atVersion2();
    migrate(migrated, MIGRATIONS.filter((m) => m.version <= 3));
    const live = await atVersion2();
    migrate(live, MIGRATIONS.filter((m) => m.version <= 3));
    rebuildFts(live);
    expect(terms(migrated)).toEqual(terms(live));
    expect(foldText('Straße')).toBe('strasse');
  });
});
