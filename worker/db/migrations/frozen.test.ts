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
import { MIGRATIONS } from './index';

const DIR = new URL('./', import.meta.url);

/** An entry (and its contents, for a note) written with the columns of version 1. */
function insertNote(db: Db, path: string, body: string | null, extra: { tags?: string; frontmatter?: string } = {}): number {
  const vaultId = db.column<number>("SELECT id FROM vaults WHERE name = 'v'")[0] ?? db.run("INSERT INTO vaults (name, root, source, created_at) VALUES ('v', 'v', 'memory', 0)").lastId;
  const name = path.split('/').pop()!;
  const id = db.run(
    'INSERT INTO entries (vault_id, path, folder, name, ext, kind, size, mtime, hash, title, tags, frontmatter) VALUES (?, ?, ?, ?, ?, ?, 1, 0, ?, ?, ?, ?)',
    [vaultId, path, path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '', name, name.split('.').pop()!, body === null ? 'file' : 'note', path, name.replace(/\.md$/, ''), extra.tags ?? null, extra.frontmatter ?? null],
  ).lastId;
  if (body !== null) db.run("INSERT INTO contents (entry_id, head, body) VALUES (?, '', ?)", [id, body]);
  return id;
}

describe('frozen migrations', () => {

  it('no migration imports anything but the migration and database types (live import code would change what it does)', () => {
    const files = readdirSync(DIR).filter((n) => /^\d{4}_.*\.ts$/.test(n) && !n.endsWith('.test.ts'));
    expect(files.length).toBe(MIGRATIONS.length);
    for (const f of files) {
      const imports = [...readFileSync(new URL(f, DIR), 'utf8').matchAll(/^import\s[^;]*?from\s+'([^']+)'/gms)].map((m) => m[1]);
      for (const i of imports) expect(['../migrate', '../database'], `${f} imports ${i}`).toContain(i);
    }
  });

  it('0002 refolds stored strings with the fold of version 2', async () => {
    const db = await openMemoryDb({ migrate: false });
    migrate(db, MIGRATIONS.filter((m) => m.version < 2));
    const entry = insertNote(db, 'a.md', '');
    for (const [pos, str] of ['Straße', 'ＡＢＣ', 'ΟΔΟΣ'].entries()) {
      db.run("INSERT INTO fm (entry_id, key, pos, t, str, fold) VALUES (?, 'k', ?, 'str', ?, 'stale')", [entry, pos, str]);
    }
    migrate(db, MIGRATIONS.filter((m) => m.version <= 2));
    expect(db.column<string>("SELECT fold FROM fm WHERE key = 'k' AND str IS NOT NULL ORDER BY pos")).toEqual(['strasse', 'abc', 'οδος']);
  });

  // Rows as an import of that time wrote them (the live import may need columns of later versions).
  async function atVersion2(): Promise<Db> {
    const db = await openMemoryDb({ migrate: false });
    migrate(db, MIGRATIONS.filter((m) => m.version < 3));
    insertNote(
      db,
      'specs/Auth_design.md',
      '# Calibration `code` steps\n```\n# not a heading\n```\nThe models were tested. OAuth認証の設計\n',
      { tags: '["security"]', frontmatter: '{"aliases":["Windmeter","風速計"],"tags":["security"]}' },
    );
    insertNote(db, 'diagram.png', null);
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

  it('0003 indexes the same text as the live text preparation of today, column for column', async () => {
    // When this fails, the live preparation (worker/text/) changed: that change needs a migration of its own that rebuilds the index.
    const migrated = await atVersion2();
    migrate(migrated, MIGRATIONS.filter((m) => m.version <= 3));
    const live = await atVersion2();
    migrate(live, MIGRATIONS.filter((m) => m.version <= 3));
    rebuildFts(live);
    const v3 = (t: string[]) => t.filter((x) => ['title', 'headings', 'body', 'tags', 'aliases', 'path'].includes(x.split(':')[1]));
    expect(v3(terms(migrated))).toEqual(v3(terms(live)));
    expect(foldText('Straße')).toBe('strasse');
  });
});
