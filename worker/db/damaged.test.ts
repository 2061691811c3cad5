// A damaged database file gives Kioku's own message (which file, that it is
// damaged, what to do) as a `damaged` error result, on both backends, and
// nothing else: sqlite-wasm's console log of the failed step is silenced.
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db } from './database';
import { openFileDb, openMemoryDb, saveDb } from './open-node';
import { DbDamagedError } from './db-errors';
import { createEngine } from '../engine';
import { memorySource } from '../ingest/source';
import { generatedNotes } from '../test/fixtures';
import { damageDatabaseFile } from '../test/damage';

const dir = mkdtempSync(join(tmpdir(), 'kioku-damaged-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function damagedFile(name: string): Promise<string> {
  const db = await openMemoryDb();
  await createEngine(db).importSource(memorySource('notes', generatedNotes(60)));
  const file = join(dir, name);
  saveDb(db, file);
  db.close();
  damageDatabaseFile(file);
  return file;
}

// Everything printed while a test runs, however it is printed.
let printed: string[] = [];
const originals = { warn: console.warn, error: console.error, log: console.log, debug: console.debug, stderr: process.stderr.write };
beforeEach(() => {
  printed = [];
  const keep = (...a: unknown[]) => void printed.push(a.map(String).join(' '));
  Object.assign(console, { warn: keep, error: keep, log: keep, debug: keep });
  process.stderr.write = ((s: string | Uint8Array) => (keep(String(s)), true)) as typeof process.stderr.write;
});
afterEach(() => {
  Object.assign(console, { warn: originals.warn, error: originals.error, log: originals.log, debug: originals.debug });
  process.stderr.write = originals.stderr;
});

const OPENERS: [string, (file: string) => Promise<Db>][] = [
  ['wasm', (file) => openMemoryDb({ file })],
  ['native', async (file) => openFileDb(file)],
];

describe.each(OPENERS)('a damaged database file (%s backend)', (name, open) => {
  it('answers a tool call with a "damaged" error naming the file and what to do, and prints nothing', async () => {
    const file = await damagedFile(`${name}.kioku`);
    let result: unknown;
    try {
      const engine = createEngine(await open(file));
      result = await engine.call('search', { query: 'design' });
    } catch (e) {
      // The damage may already be found while opening: the same error, thrown.
      expect(e).toBeInstanceOf(DbDamagedError);
      result = { isError: true, error: { code: 'damaged', message: (e as Error).message } };
    }
    expect(result).toMatchObject({ isError: true, error: { code: 'damaged' } });
    const message = (result as { error: { message: string } }).error.message;
    expect(message).toContain(`${file} is damaged`);
    expect(message).toMatch(/Restore it from a backup, or delete it and build it again/);
    expect(message).not.toMatch(/sqlite3_step|rc=|SQLITE_CORRUPT/);
    expect(printed).toEqual([]);
  });
});
