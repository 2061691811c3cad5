// Process-level faults on a database file shared by kioku processes: kill -9
// at seeded random moments (and at observed progress), and concurrent
// writers. Whatever the timing, the file passes integrity_check, committed
// work is kept, nothing is lost to a "last save wins", and no temporary file
// is left beside the database (SQLite's own -wal/-shm are removed by the next
// clean close).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { removeTree, writeTree } from '../worker/test/fixtures';
import { rng } from '../bench/lib/rng';

const ROOT = new URL('..', import.meta.url).pathname;
const NOTES = 4500; // three import batches (2000 files each)

interface Run {
  child: ChildProcess;
  done: Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>;
}

function start(args: string[], env: Record<string, string> = {}): Run {
  const child = spawn(process.execPath, [join(ROOT, 'cli/kioku.mjs'), ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d) => (stdout += d));
  child.stderr!.on('data', (d) => (stderr += d));
  const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>((resolve) => {
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
  return { child, done };
}

const kioku = (args: string[], env?: Record<string, string>) => start(args, env).done;

/** Reads the file as another process would, through its own connection (WAL readers never wait for the writer). */
function peek<T>(file: string, fn: (db: Database.Database) => T): T {
  const db = new Database(file, { readonly: true, fileMustExist: true, timeout: 5000 });
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

const noteCount = (file: string) => peek(file, (db) => db.prepare("SELECT COUNT(*) FROM entries WHERE kind = 'note'").pluck().get() as number);

/** Notes in the file, 0 while it does not exist or has no schema yet (a kill that came that early). */
function notesSoFar(file: string): number {
  if (!existsSync(file)) return 0;
  return peek(file, (db) => (db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'entries'").get() ? (db.prepare("SELECT COUNT(*) FROM entries WHERE kind = 'note'").pluck().get() as number) : 0));
}

/** Waits until cond() holds, checking every 10 ms; fails after `ms`. */
async function until(cond: () => boolean, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** What integrity_check says, after a clean open and close (which also recovers and removes the WAL). */
function integrity(file: string): string[] {
  const db = new Database(file, { timeout: 5000 });
  try {
    return db.prepare('PRAGMA integrity_check').pluck().all() as string[];
  } finally {
    db.close();
  }
}

/** Files beside the database other than itself: after a clean close there are none (no <db>.tmp-*, no -wal/-shm). */
function leftovers(file: string): string[] {
  return readdirSync(dirname(file)).filter((f) => f !== basename(file) && f.startsWith(basename(file)));
}

let vault: string;
let work: string;
beforeAll(() => {
  const files: Record<string, string> = {};
  for (let i = 0; i < NOTES; i++) files[`n${String(i).padStart(4, '0')}.md`] = `---\ntitle: Note ${i}\n---\nBody ${i} with the word w${i}.\n`;
  vault = writeTree(files, 'big');
  work = writeTree({}, 'dbs');
});
afterAll(() => {
  removeTree(vault);
  removeTree(work);
});

describe('kill -9 of kioku index', () => {
  it('keeps the batches it committed; the next run resumes from them and leaves no temporary files', async () => {
    const db = join(work, 'index-kill.kioku');
    const run = start(['index', vault, '--db', db, '--no-embed']);
    // Wait on observable progress: the first batch is committed and visible to another process.
    await until(() => notesSoFar(db) > 0, 120_000, 'the first committed batch');
    run.child.kill('SIGKILL');
    const killed = await run.done;
    expect(killed.signal).toBe('SIGKILL');
    const kept = noteCount(db);
    // Whole batches only: never half of one.
    expect([2000, 4000]).toContain(kept);
    expect(integrity(db)).toEqual(['ok']);
    expect(leftovers(db)).toEqual([]);

    const rerun = await kioku(['index', vault, '--db', db, '--no-embed']);
    expect(rerun.code, rerun.stderr).toBe(0);
    expect(JSON.parse(rerun.stdout)).toMatchObject({ phase: 'done', notes: NOTES, unchanged: kept, indexed: NOTES - kept });
    expect(leftovers(db)).toEqual([]);
  }, 240_000);

  it('at seeded random moments: the file is always sound and holds whole batches', async () => {
    const random = rng(11);
    const db = join(work, 'index-random.kioku');
    for (let trial = 0; trial < 3; trial++) {
      const run = start(['index', vault, '--db', db, '--no-embed']);
      await new Promise((r) => setTimeout(r, 500 + Math.floor(random() * 6000)));
      run.child.kill('SIGKILL');
      const r = await run.done;
      if (r.signal !== 'SIGKILL') expect(r.code, r.stderr).toBe(0); // it may have finished first
      if (existsSync(db)) expect(integrity(db)).toEqual(['ok']);
      expect([0, 2000, 4000, NOTES]).toContain(notesSoFar(db));
      // Killed before the database file itself held anything, SQLite's own -wal/-shm may remain (the next open
      // recovers them); never a Kioku temporary file.
      expect(leftovers(db).filter((f) => !/-(wal|shm)$/.test(f))).toEqual([]);
    }
    const last = await kioku(['index', vault, '--db', db, '--no-embed']);
    expect(JSON.parse(last.stdout)).toMatchObject({ phase: 'done', notes: NOTES });
    expect(leftovers(db)).toEqual([]);
  }, 300_000);
});

describe('two processes writing to one database file', () => {
  let db: string;
  beforeAll(async () => {
    db = join(work, 'shared.kioku');
    const r = await kioku(['index', vault, '--db', db, '--no-embed']);
    expect(r.code, r.stderr).toBe(0);
  }, 180_000);

  it('4 parallel create_note calls all succeed and all 4 notes are there', async () => {
    const results = await Promise.all([0, 1, 2, 3].map((i) => kioku(['call', 'create_note', JSON.stringify({ path: `inbox/parallel ${i}.md`, body: `parallel body ${i}` }), '--db', db, '--no-embed'], { KIOKU_BUSY_TIMEOUT_MS: '60000' })));
    for (const r of results) expect(r.code, r.stderr + r.stdout).toBe(0);
    expect(peek(db, (d) => d.prepare("SELECT path FROM entries WHERE path LIKE 'inbox/parallel %' ORDER BY path").pluck().all())).toEqual([0, 1, 2, 3].map((i) => `inbox/parallel ${i}.md`));
    expect(integrity(db)).toEqual(['ok']);
    expect(leftovers(db)).toEqual([]);
  }, 120_000);

  it('a write_note made while kioku index runs is kept', async () => {
    const other = writeTree(Object.fromEntries(Array.from({ length: NOTES }, (_, i) => [`m${i}.md`, `Other ${i} word o${i}.\n`])), 'second');
    try {
      const run = start(['index', other, '--db', db, '--no-embed']);
      await until(() => peek(db, (d) => (d.prepare("SELECT COUNT(*) FROM entries e JOIN vaults v ON v.id = e.vault_id WHERE v.name = 'second'").pluck().get() as number) > 0), 120_000, 'the second vault\'s first batch');
      // A generous busy timeout: on a loaded machine one import batch may hold the lock for seconds,
      // and this test is about nothing being lost, not about the default wait (tested below).
      const write = await kioku(['call', 'write_note', JSON.stringify({ path: 'n0001.md', vault: 'big', body: 'edited while another process imports' }), '--db', db, '--no-embed'], { KIOKU_BUSY_TIMEOUT_MS: '60000' });
      expect(write.code, write.stderr + write.stdout).toBe(0);
      const indexed = await run.done;
      expect(indexed.code, indexed.stderr).toBe(0);
      expect(JSON.parse(indexed.stdout)).toMatchObject({ phase: 'done', notes: NOTES });
      const read = JSON.parse((await kioku(['call', 'read_note', '{"path":"n0001.md","vault":"big"}', '--db', db, '--no-embed'])).stdout);
      expect(read.body).toBe('edited while another process imports');
      expect(integrity(db)).toEqual(['ok']);
    } finally {
      removeTree(other);
    }
  }, 240_000);

  it('a writer that waits longer than the busy timeout gets a clear busy error and writes nothing', async () => {
    const holder = new Database(db, { timeout: 5000 });
    holder.exec('BEGIN IMMEDIATE');
    let r;
    try {
      r = await kioku(['call', 'create_note', '{"path":"inbox/blocked.md","body":"never"}', '--db', db, '--no-embed'], { KIOKU_BUSY_TIMEOUT_MS: '300' });
    } finally {
      holder.exec('ROLLBACK');
      holder.close();
    }
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout)).toMatchObject({ isError: true, error: { code: 'busy', message: expect.stringMatching(/busy.*0\.3 s.*nothing was written/s) } });
    expect(peek(db, (d) => d.prepare("SELECT COUNT(*) FROM entries WHERE path = 'inbox/blocked.md'").pluck().get())).toBe(0);
  }, 60_000);
});

describe('kill -9 of kioku call write_note', () => {
  it('at seeded random moments: the note holds the old or the new text, whole, and the index agrees', async () => {
    const random = rng(7);
    const db = join(work, 'write-kill.kioku');
    expect((await kioku(['index', vault, '--db', db, '--no-embed'])).code).toBe(0);
    for (let trial = 0; trial < 4; trial++) {
      const marker = `marker${trial}x`;
      const run = start(['call', 'write_note', JSON.stringify({ path: 'n0002.md', body: `rewritten ${marker}` }), '--db', db, '--no-embed']);
      await new Promise((r) => setTimeout(r, Math.floor(random() * 4000)));
      run.child.kill('SIGKILL');
      const r = await run.done;
      expect(integrity(db)).toEqual(['ok']);
      expect(leftovers(db)).toEqual([]);
      const body = peek(db, (d) => d.prepare("SELECT c.body FROM entries e JOIN contents c ON c.entry_id = e.id WHERE e.path = 'n0002.md'").pluck().get() as string);
      const found = JSON.parse((await kioku(['call', 'search', JSON.stringify({ query: marker, mode: 'text' }), '--db', db, '--no-embed'])).stdout).results.map((h: { path: string }) => h.path);
      if (r.signal !== 'SIGKILL') expect(r.code, r.stderr).toBe(0); // finished before the kill
      if (r.code === 0) expect(body).toContain(marker); // it answered: the write is on disk
      // Old or new, never half; the text index says the same as the stored text.
      expect(body.startsWith('rewritten marker') || body.startsWith('Body 2 ')).toBe(true);
      expect(found).toEqual(body.includes(marker) ? ['n0002.md'] : []);
    }
  }, 300_000);
});
