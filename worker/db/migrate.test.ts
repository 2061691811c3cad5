// Schema versions: old databases migrate, a newer one is refused untouched,
// a failing migration changes nothing.
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DbFileError, loadBytes, openMemoryDb, saveDb } from './open-node';
import { migrate, SchemaTooNewError, SCHEMA_VERSION, schemaVersion, type Migration } from './migrate';
import { MIGRATIONS } from './migrations';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function tempFile(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'kioku-db-'));
  dirs.push(dir);
  return join(dir, name);
}

const next: Migration = {
  version: MIGRATIONS[MIGRATIONS.length - 1].version + 1,
  name: 'test_next',
  sql: "ALTER TABLE vaults ADD COLUMN color TEXT NOT NULL DEFAULT 'blue';",
};

describe('migrations', () => {
  it('lists versions in increasing order, ending at SCHEMA_VERSION', () => {
    const versions = MIGRATIONS.map((m) => m.version);
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
    expect(new Set(versions).size).toBe(versions.length);
    expect(versions.at(-1)).toBe(SCHEMA_VERSION);
  });

  it('opens a database written by an older version and brings it up to date, keeping its data', async () => {
    const old = await openMemoryDb({ migrate: false });
    migrate(old, MIGRATIONS.slice(0, 1));
    old.run("INSERT INTO vaults (name, created_at) VALUES ('notes', 1)");
    const file = tempFile('old.kioku');
    saveDb(old, file);
    old.close();

    const db = await openMemoryDb({ file });
    expect(schemaVersion(db)).toBe(SCHEMA_VERSION);
    expect(db.column('SELECT name FROM vaults')).toEqual(['notes']);
    // And a later migration applies on top of today's schema in the same way.
    expect(migrate(db, [...MIGRATIONS, next])).toEqual([next.version]);
    expect(db.get('SELECT name, color FROM vaults')).toEqual({ name: 'notes', color: 'blue' });
    expect(migrate(db, [...MIGRATIONS, next])).toEqual([]);
  });

  it('refuses a SQLite file of another program instead of adding tables to it', async () => {
    const plain = await openMemoryDb({ migrate: false });
    plain.exec('CREATE TABLE mine (x); INSERT INTO mine VALUES (42);');
    const file = tempFile('other.sqlite');
    saveDb(plain, file);
    const before = readFileSync(file);
    const err = await openMemoryDb({ file }).catch((e) => e);
    expect(err).toBeInstanceOf(DbFileError);
    expect(err.message).toBe(`${file} is a SQLite database of another program (tables: mine), not a Kioku index; nothing was changed.`);
    expect(readFileSync(file).equals(before)).toBe(true);
  });

  it('migrates an empty SQLite file', async () => {
    const empty = await openMemoryDb({ migrate: false });
    empty.exec('CREATE TABLE t (x); DROP TABLE t;');
    const file = tempFile('empty.sqlite');
    saveDb(empty, file);
    expect(schemaVersion(await openMemoryDb({ file }))).toBe(SCHEMA_VERSION);
  });

  it('rolls back a migration that fails half-way: no half-made tables, version unchanged', async () => {
    const db = await openMemoryDb();
    const broken: Migration = { version: SCHEMA_VERSION + 1, name: 'broken', sql: 'CREATE TABLE half (a); INSERT INTO no_such_table VALUES (1);' };
    expect(() => migrate(db, [...MIGRATIONS, broken])).toThrow(/no such table/);
    expect(schemaVersion(db)).toBe(SCHEMA_VERSION);
    expect(db.get("SELECT 1 AS x FROM sqlite_master WHERE name = 'half'")).toBeUndefined();
  });

  it('refuses a database from a newer Kioku with a clear message and leaves its bytes unchanged', async () => {
    const newer = await openMemoryDb();
    newer.run("INSERT INTO vaults (name, created_at) VALUES ('future', 1)");
    newer.exec(`PRAGMA user_version = ${SCHEMA_VERSION + 5}`);
    const file = tempFile('newer.kioku');
    saveDb(newer, file);
    const before = readFileSync(file);

    const err = await openMemoryDb({ file }).catch((e) => e);
    expect(err).toBeInstanceOf(SchemaTooNewError);
    expect(err.message).toBe(
      `This database was written by a newer version of Kioku (schema ${SCHEMA_VERSION + 5}; this version understands up to ${SCHEMA_VERSION}). ` +
        'Update Kioku (reload the page or reinstall the app) to open it; nothing was changed.',
    );
    expect(readFileSync(file).equals(before)).toBe(true);
  });

  it('refuses a file that is not a SQLite database, naming it', async () => {
    const file = tempFile('notes.md');
    writeFileSync(file, '# not a database\n'.repeat(20));
    const err = await openMemoryDb({ file }).catch((e) => e);
    expect(err).toBeInstanceOf(DbFileError);
    expect(err.message).toBe(`${file} is not a SQLite database file (bad header); nothing was loaded.`);
  });

  it('loads an image given as a Node Buffer', async () => {
    const a = await openMemoryDb();
    a.run("INSERT INTO vaults (name, created_at) VALUES ('x', 1)");
    const b = await openMemoryDb();
    loadBytes(b, Buffer.from(a.exportBytes()));
    expect(b.column('SELECT name FROM vaults')).toEqual(['x']);
  });
});
