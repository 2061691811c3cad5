// The wasm backend reads rows through the C API (wasm-rows.ts): the same
// values as sqlite-wasm's own row API, without copying every column's name
// out of wasm memory again for every row.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WasmDb } from './database';
import { openMemoryDb } from './open-node';

describe('wasm rows', () => {
  let db: WasmDb;
  beforeAll(async () => {
    db = await openMemoryDb({ migrate: false });
    db.exec('CREATE TABLE r (i INTEGER, f REAL, s TEXT, b BLOB)');
    const rows: [number | bigint | null, number | null, string | null, Uint8Array | null][] = [
      [0, 0.5, '', new Uint8Array(0)],
      [-7, -1e300, 'ß 東京 🎌', new Uint8Array([0, 1, 255])],
      [2 ** 53 - 1, Number.MIN_VALUE, 'a\u0000b', null],
      [2n ** 62n, null, 'x'.repeat(70_000), new Uint8Array(5000).fill(9)],
      [-(2n ** 63n), 3, null, new Uint8Array([42])],
      [null, null, null, null],
    ];
    for (const r of rows) db.run('INSERT INTO r VALUES (?, ?, ?, ?)', r);
  });
  afterAll(() => db.close());

  /** Every row as sqlite-wasm's oo1 API returns it (Stmt.get({})), the reference. */
  function reference(sql: string): Record<string, unknown>[] {
    const stmt = db.raw.prepare(sql);
    try {
      const out: Record<string, unknown>[] = [];
      while (stmt.step()) out.push(stmt.get({}));
      return out;
    } finally {
      stmt.finalize();
    }
  }

  it('returns every type as sqlite-wasm itself does: integers past 2^53 as BigInt, NUL inside text, empty text and blobs', () => {
    const sql = 'SELECT i, f, s, b, typeof(i) AS ti, length(s) AS n FROM r ORDER BY rowid';
    const mine = db.all(sql);
    expect(mine).toEqual(reference(sql));
    expect(mine[3].i).toBe(2n ** 62n);
    expect(mine[4].i).toBe(-(2n ** 63n));
    expect(mine[2].s).toBe('a\u0000b');
    expect(mine[0].b).toEqual(new Uint8Array(0));
    expect(db.column('SELECT s FROM r ORDER BY rowid')).toEqual(reference('SELECT s FROM r ORDER BY rowid').map((r) => r.s));
    expect(db.get('SELECT i, s FROM r WHERE i = -7')).toEqual({ i: -7, s: 'ß 東京 🎌' });
    const seen: unknown[] = [];
    db.each('SELECT f FROM r ORDER BY rowid', undefined, (row) => seen.push(row.f));
    expect(seen).toEqual(reference('SELECT f FROM r ORDER BY rowid').map((r) => r.f));
  });

  it('reads column names once per statement run, not once per row (filter listings of hundreds of notes cost twice as much)', () => {
    const capi = db.sqlite3.capi as unknown as Record<string, (...a: unknown[]) => unknown>;
    const real = capi.sqlite3_column_name;
    let calls = 0;
    capi.sqlite3_column_name = (...a: unknown[]) => {
      calls++;
      return real(...a);
    };
    try {
      const rows = db.all<{ n: number; twice: number; word: string }>(
        "WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 500) SELECT n, n * 2 AS twice, 'w' || n AS word FROM c",
      );
      expect(rows).toHaveLength(500);
      expect(rows[499]).toEqual({ n: 500, twice: 1000, word: 'w500' });
    } finally {
      capi.sqlite3_column_name = real;
    }
    expect(calls).toBe(3);
  });

  it('reports an error inside a statement with its SQLite result code, and the statement can run again', () => {
    db.exec('CREATE TABLE IF NOT EXISTS u (k TEXT UNIQUE)');
    db.run("INSERT INTO u VALUES ('a')");
    expect(() => db.all("INSERT INTO u VALUES ('a') RETURNING k")).toThrow(/UNIQUE/);
    try {
      db.all("INSERT INTO u VALUES ('a') RETURNING k");
    } catch (e) {
      expect((e as { resultCode?: number }).resultCode! & 0xff).toBe(19); // SQLITE_CONSTRAINT
    }
    expect(db.all("INSERT INTO u VALUES ('b') RETURNING k")).toEqual([{ k: 'b' }]);
  });
});
