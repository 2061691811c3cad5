// A database file the CLI has used is in WAL mode; restored into the
// browser's OPFS pool as it was, it could never be opened (the restore hung:
// e2e/ui-app.spec.ts restores such a file through Settings). Here: the CLI's
// own writer really leaves the header saying WAL, and the file marked as a
// rollback-journal database opens in the wasm SQLite with every row.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { asRollbackJournal } from './backup-file';
import { loadBytes, openFileDb, openMemoryDb } from './open-node';

describe('a backup file last written in WAL mode', () => {
  it('is marked as a rollback-journal database and opens whole', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'kioku-wal-')), 'kioku.sqlite3');
    const native = openFileDb(file);
    native.run("INSERT INTO vaults (name, root, source, created_at) VALUES ('notes', '/notes', 'node', 1)");
    native.close();
    const bytes = new Uint8Array(readFileSync(file));
    expect([bytes[18], bytes[19]]).toEqual([2, 2]);

    const same = asRollbackJournal(bytes);
    expect(same).toBe(bytes);
    expect([bytes[18], bytes[19]]).toEqual([1, 1]);
    const db = await openMemoryDb({ migrate: false });
    loadBytes(db, bytes, 'backup');
    expect(db.column('PRAGMA quick_check')).toEqual(['ok']);
    expect(db.column('SELECT name FROM vaults')).toEqual(['notes']);
    db.close();
  });

  it('leaves a rollback-journal file and a too-short one as they are', () => {
    const plain = new Uint8Array(100);
    plain[18] = 1;
    plain[19] = 1;
    expect([...asRollbackJournal(plain).subarray(18, 20)]).toEqual([1, 1]);
    const short = new Uint8Array([2, 2, 2]);
    expect([...asRollbackJournal(short)]).toEqual([2, 2, 2]);
  });
});
