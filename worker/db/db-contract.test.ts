// One contract for the Db interface, run against both backends: sqlite-wasm
// (the browser's engine, in-memory databases in Node) and native SQLite
// through better-sqlite3 (database files in Node). The engine must not be
// able to tell them apart: the same types come back, transactions nest the
// same way, and imports, search, writes, migrations and vectors give the
// same answers, down to the full-text index's vocabulary.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db } from './database';
import { loadBytes, openFileDb, openMemoryDb } from './open-node';
import { SCHEMA_VERSION, schemaVersion } from './migrate';
import { createEngine, type Engine } from '../engine';
import { memorySource } from '../ingest/source';
import { engineOn } from '../embed/testing';
import { ok } from '../test/make-engine';

const dir = mkdtempSync(join(tmpdir(), 'kioku-contract-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

const BACKENDS: [string, () => Promise<Db>][] = [
  ['wasm (in memory)', () => openMemoryDb()],
  ['native (file, WAL)', async () => openFileDb(join(dir, `contract-${files++}.kioku`))],
];

const NOTES: Record<string, string> = {
  'specs/auth.md': '---\ntitle: Auth design\nstatus: active\npriority: 2\ntags: [security, auth]\n---\n# Auth\nWe are running OAuth flows with PKCE; the runners rotate tokens.\n\n- [decision] PKCE everywhere #security\n- implements [[Token refresh]]\n',
  'specs/token refresh.md': '---\ntitle: Token refresh\nconfidence: 0.75\n---\nRefreshing tokens runs in the background. Café naïve résumé.\n',
  '設計/同期.md': '# 同期\n端末間の同期の設計。東京で会議。\n',
  'notes/anemometer.md': 'An anemometer measures wind speed; the instrument spins in the breeze.\n',
};

for (const [name, open] of BACKENDS) {
  describe(`Db contract: ${name}`, () => {
    let db: Db;
    beforeAll(async () => {
      db = await open();
      db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, a, b TEXT, c BLOB)');
    });
    afterAll(() => db.close());

    it('is migrated to the current schema and reports its SQLite version', () => {
      expect(schemaVersion(db)).toBe(SCHEMA_VERSION);
      expect(db.sqliteVersion).toMatch(/^3\.\d+\.\d+$/);
    });

    it('binds whole numbers as INTEGER and fractions as REAL, and returns values as it was given them', () => {
      const bytes = new Uint8Array([0, 1, 255]);
      const { lastId, changes } = db.run('INSERT INTO t (a, b, c) VALUES (?, ?, ?)', [3, 'ß 東京', bytes]);
      expect(changes).toBe(1);
      expect(db.get('SELECT typeof(?) AS i, typeof(?) AS r, typeof(?) AS n, typeof(?) AS s, typeof(?) AS x', [3, 3.5, null, 'x', bytes])).toEqual({ i: 'integer', r: 'real', n: 'null', s: 'text', x: 'blob' });
      const row = db.get<{ id: number; a: number; b: string; c: Uint8Array }>('SELECT id, a, b, c FROM t WHERE id = ?', [lastId])!;
      expect(row.id).toBe(lastId);
      expect(row.a).toBe(3);
      expect(row.b).toBe('ß 東京');
      expect(row.c).toBeInstanceOf(Uint8Array);
      expect([...row.c]).toEqual([0, 1, 255]);
      expect(db.get('SELECT ? / 2 AS half, ? AS big', [7, 2 ** 40])).toEqual({ half: 3, big: 2 ** 40 });
      expect(db.get('SELECT ? AS b', [10n])).toEqual({ b: 10 });
    });

    it('reads every kind of value the same way through get, all, column and each (the wasm backend reads rows through the C API)', () => {
      const sql = "SELECT 9007199254740991 AS safe, -9007199254740991 AS neg, 9007199254740993 AS big, 0.1 + 0.2 AS real, 1e308 * 10 AS inf, '' AS empty, 'ß 東京 🙂' AS text, x'00ff' AS blob, NULL AS none, 1 AS same, 2 AS same";
      // Beyond 2^53 sqlite-wasm gives a BigInt (as its Stmt.get() does); better-sqlite3 a rounded number.
      const big = db.backend === 'wasm' ? 9007199254740993n : 9007199254740992;
      const want = { safe: 2 ** 53 - 1, neg: -(2 ** 53 - 1), big, real: 0.1 + 0.2, inf: Infinity, empty: '', text: 'ß 東京 🙂', none: null, same: 2 };
      const check = (row: Record<string, unknown>) => {
        const { blob, ...rest } = row;
        expect(rest).toEqual(want);
        expect([...(blob as Uint8Array)]).toEqual([0, 255]);
      };
      check(db.get(sql)!);
      check(db.all(sql)[0]);
      const each: Record<string, unknown>[] = [];
      db.each(sql, undefined, (r) => each.push(r));
      check(each[0]);
      expect(db.column("SELECT 'a' UNION ALL SELECT NULL UNION ALL SELECT 7 UNION ALL SELECT 2.5")).toEqual(['a', null, 7, 2.5]);
    });

    it('names the columns of a cached statement after the schema under it changed', () => {
      db.exec('CREATE TABLE reshaped (a INTEGER)');
      db.run('INSERT INTO reshaped (a) VALUES (1)');
      expect(db.all('SELECT * FROM reshaped')).toEqual([{ a: 1 }]);
      db.exec('ALTER TABLE reshaped ADD COLUMN b TEXT');
      db.exec('ALTER TABLE reshaped RENAME COLUMN a TO c');
      expect(db.all('SELECT * FROM reshaped')).toEqual([{ c: 1, b: null }]);
      expect(db.get('SELECT * FROM reshaped')).toEqual({ c: 1, b: null });
    });

    it('takes numbered (?1) and named ($x) parameters', () => {
      expect(db.get('SELECT ?1 AS a, ?2 AS b, ?1 || ?2 AS c', ['x', 'y'])).toEqual({ a: 'x', b: 'y', c: 'xy' });
      expect(db.get('SELECT $v + 1 AS n', { $v: 41 })).toEqual({ n: 42 });
      expect(db.column("SELECT value FROM json_each(?1) WHERE value > ?2 ORDER BY value", ['[1, 5, 9]', 4])).toEqual([5, 9]);
    });

    it('answers get, all and column with nothing, and runs statements that return no rows', () => {
      expect(db.get('SELECT 1 AS x WHERE 0')).toBeUndefined();
      expect(db.all('SELECT 1 AS x WHERE 0')).toEqual([]);
      expect(db.all('PRAGMA user_version')).toEqual([{ user_version: SCHEMA_VERSION }]);
      expect(db.column('PRAGMA cache_size = -65536')).toEqual([]);
      expect(db.run('UPDATE t SET a = a WHERE 0').changes).toBe(0);
    });

    it('commits a transaction, rolls it back when it throws, and nests savepoints', () => {
      const count = () => db.column<number>('SELECT COUNT(*) FROM t')[0];
      const before = count();
      db.tx(() => db.run("INSERT INTO t (b) VALUES ('kept')"));
      expect(count()).toBe(before + 1);
      expect(() => db.tx(() => {
        db.run("INSERT INTO t (b) VALUES ('gone')");
        throw new Error('stop');
      })).toThrow('stop');
      expect(count()).toBe(before + 1);
      db.tx(() => {
        expect(db.inTransaction()).toBe(true);
        db.run("INSERT INTO t (b) VALUES ('outer')");
        expect(() => db.tx(() => {
          db.run("INSERT INTO t (b) VALUES ('inner')");
          throw new Error('inner fails');
        })).toThrow('inner fails');
        db.tx(() => db.run("INSERT INTO t (b) VALUES ('inner kept')"));
      });
      expect(db.inTransaction()).toBe(false);
      expect(db.column("SELECT b FROM t WHERE b IN ('outer', 'inner', 'inner kept') ORDER BY id")).toEqual(['outer', 'inner kept']);
      // A failing statement inside rolls back too, and the connection stays usable.
      expect(() => db.tx(() => db.run('INSERT INTO no_such_table VALUES (1)'))).toThrow(/no such table/);
      expect(db.inTransaction()).toBe(false);
      expect(count()).toBe(before + 3);
    });

    it('iterates rows as objects (each) and as arrays with blobs as Int8Array views (eachRaw)', () => {
      db.exec('CREATE TABLE v (id INTEGER PRIMARY KEY, scale REAL, vec BLOB)');
      db.run('INSERT INTO v (scale, vec) VALUES (?, ?), (?, ?)', [0.5, new Int8Array([-128, -1, 0, 127]), 2, new Int8Array([1, 2, 3, 4])]);
      const objects: unknown[] = [];
      db.each('SELECT id, scale FROM v ORDER BY id', undefined, (r) => objects.push(r));
      expect(objects).toEqual([{ id: 1, scale: 0.5 }, { id: 2, scale: 2 }]);
      const rows: unknown[][] = [];
      db.eachRaw('SELECT id, scale, vec, NULL, ? FROM v WHERE id >= ? ORDER BY id', ['t', 1], (cols) => {
        expect(cols[2]).toBeInstanceOf(Int8Array);
        rows.push(cols.map((c) => (c instanceof Int8Array ? [...c] : c)));
      });
      expect(rows).toEqual([[1, 0.5, [-128, -1, 0, 127], null, 't'], [2, 2, [1, 2, 3, 4], null, 't']]);
    });

    it('moves its change mark with every write', () => {
      const a = db.changeMark();
      expect(db.changeMark()).toBe(a);
      db.run("INSERT INTO t (b) VALUES ('mark')");
      expect(db.changeMark()).not.toBe(a);
    });

    it('exports an image that the wasm backend loads with the same data', async () => {
      const image = db.exportBytes();
      expect(new TextDecoder().decode(image.subarray(0, 15))).toBe('SQLite format 3');
      const copy = await openMemoryDb({ migrate: false });
      loadBytes(copy, image);
      expect(copy.column("SELECT b FROM t WHERE b = 'kept'")).toEqual(['kept']);
      expect(copy.column('PRAGMA integrity_check')).toEqual(['ok']);
      copy.close();
    });
  });
}

// porter stemming (runners ~ running ~ runs), diacritics folded, CJK bigrams, prefix, phrase, exclusion
const QUERIES = ['run', 'cafe resume', '同期', '東京', 'refresh*', '"wind speed"', 'instrument -tokens', 'mTLS', 'caching'];

/** What an engine answers over one backend: everything here must be equal across backends. */
async function engineAnswers(db: Db) {
  const engine: Engine = createEngine(db);
  const summary = await engine.importSource(memorySource('notes', NOTES));
  expect(summary.phase).toBe('done');
  const search = async (query: string) => ok(await engine.call('search', { query, mode: 'text' })).results.map((h) => [h.path, h.snippet]);
  const write = ok(await engine.call('write_note', { path: 'specs/auth.md', body: 'Rewritten: the runner uses mTLS now.' }));
  const created = ok(await engine.call('create_note', { path: 'inbox/new idea.md', body: 'A fresh idea about caching.' }));
  // The full-text index itself: every term with its document and occurrence counts.
  db.exec("CREATE VIRTUAL TABLE temp.vocab USING fts5vocab(main, 'fts', 'row')");
  const vocabulary = db.all('SELECT term, doc, cnt FROM temp.vocab ORDER BY term');
  db.exec('DROP TABLE temp.vocab');
  const answers = {
    tables: db.column("SELECT name FROM sqlite_master WHERE type IN ('table', 'index') AND name NOT LIKE 'sqlite_%' ORDER BY name"),
    notes: summary.notes,
    searches: [] as unknown[][],
    written: [write.path, created.path],
    read: ok(await engine.call('read_note', { path: 'specs/auth.md' })).body,
    find: ok(await engine.call('find', { filters: { priority: { $gte: 2 } } })).total,
    vocabulary,
    integrity: db.column('PRAGMA integrity_check'),
  };
  for (const q of QUERIES) answers.searches.push(await search(q));
  return answers;
}

describe('Db contract: both backends give the engine the same answers', () => {
  it('imports, searches (porter + unicode61, contentless FTS5), writes and reads identically', async () => {
    const [wasm, native] = [await BACKENDS[0][1](), await BACKENDS[1][1]()];
    try {
      const a = await engineAnswers(wasm);
      const b = await engineAnswers(native);
      expect(a.searches.map((hits) => hits.length > 0)).toEqual(a.searches.map(() => true));
      expect(a.vocabulary.length).toBeGreaterThan(40);
      expect(a.integrity).toEqual(['ok']);
      expect(b).toEqual(a);
    } finally {
      wasm.close();
      native.close();
    }
  });

  it('stores int8 vectors and ranks by meaning identically (the vector index loads from either backend)', async () => {
    const answers = [];
    for (const [, open] of BACKENDS) {
      const engine = engineOn(await open(), { service: { background: false } });
      await engine.importSource(memorySource('notes', NOTES));
      const status = await engine.embed.runToCompletion();
      expect(status.error).toBeNull();
      const hits = ok(await engine.call('search', { query: 'wind speed instrument', mode: 'vector' })).results;
      answers.push({ status: [status.chunks_done, status.chunks_total, status.complete], hits: hits.map((h) => [h.path, Math.round(h.score * 1e6)]) });
      engine.db.close();
    }
    expect(answers[0].hits[0][0]).toBe('notes/anemometer.md');
    expect(answers[1]).toEqual(answers[0]);
  });
});
