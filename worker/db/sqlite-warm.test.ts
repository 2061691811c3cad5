// The start-up warm-up (sqlite-warm.ts) on the real sqlite3.wasm: every
// statement runs (a failing one would leave its code paths cold), and its
// copy of the schema is the one the migrations make.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { openMemoryDb } from './open-node';
import { warmSqlite } from './sqlite-warm';
import { WARM_SCHEMA, WARM_STATEMENTS } from './sqlite-warm-sql';

const wasmFile = createRequire(import.meta.url).resolve('@sqlite.org/sqlite-wasm/sqlite3.wasm');
const module = new WebAssembly.Module(readFileSync(wasmFile));

describe('warmSqlite', () => {
  it('runs every statement of the warm-up on a fresh instance', () => {
    expect(WARM_STATEMENTS.length).toBeGreaterThan(WARM_SCHEMA.length);
    expect(warmSqlite(module)).toBe(0);
  });

  it('counts the statements SQLite refused', () => {
    expect(warmSqlite(module, ['SELECT 1', 'SELECT * FROM no_such_table', 'CREATE TABLE t (a)', 'CREATE TABLE t (a)'])).toBe(2);
  });

  it("holds the schema a fresh database has after every migration (regenerate WARM_SCHEMA when a migration changes it)", async () => {
    const db = await openMemoryDb();
    const schema = db.column<string>(
      "SELECT sql FROM sqlite_schema WHERE sql IS NOT NULL AND name NOT GLOB '*_data' AND name NOT GLOB '*_idx' AND name NOT GLOB '*_docsize' AND name NOT GLOB '*_config' AND name <> 'sqlite_sequence' ORDER BY rowid",
    );
    db.close();
    expect(WARM_SCHEMA).toEqual(schema.map((s) => s.replace(/--[^\n]*/g, '').replace(/\s+/g, ' ').trim()));
  });
});
