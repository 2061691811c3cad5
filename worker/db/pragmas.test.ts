// The connection settings per storage, read back from real SQLite: the
// browser's database holds its lock (no hot-journal look-up before each
// statement), a file shared with other processes never does.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { wrapDatabase } from './database';
import { openFileDb, openMemoryDb } from './open-node';
import { applyPragmas } from './pragmas';
import { loadSqlite } from './sqlite';

describe('applyPragmas', () => {
  it("keeps the browser's database locked, with its journal truncated rather than deleted", async () => {
    // A file of sqlite-wasm's in-memory file system: a journal file, as in OPFS.
    const sqlite3 = await loadSqlite();
    const db = wrapDatabase(sqlite3, new sqlite3.oo1.DB(`/pragmas-${Date.now()}.db`, 'c'));
    applyPragmas(db, 'opfs');
    expect(db.get<{ locking_mode: string }>('PRAGMA locking_mode')?.locking_mode).toBe('exclusive');
    expect(db.get<{ journal_mode: string }>('PRAGMA journal_mode')?.journal_mode).toBe('truncate');
    // Writes and reads go on as before under the held lock.
    db.exec('CREATE TABLE t (a)');
    db.tx(() => db.run('INSERT INTO t VALUES (1), (2)'));
    expect(db.column<number>('SELECT a FROM t ORDER BY a')).toEqual([1, 2]);
    db.close();
  });

  it('leaves a file shared with other processes, and memory, in the normal locking mode', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kioku-pragmas-'));
    try {
      const file = openFileDb(join(dir, 'shared.db'));
      expect(file.get<{ locking_mode: string }>('PRAGMA locking_mode')?.locking_mode).toBe('normal');
      file.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const memory = await openMemoryDb();
    expect(memory.get<{ journal_mode: string }>('PRAGMA journal_mode')?.journal_mode).toBe('memory');
    memory.close();
  });
});
