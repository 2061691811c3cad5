// Regression (issue 10, defect 1): an edit made while its vault is being
// re-synced, to a note that also changed on disk, is kept. Tool writes and the
// import's batches share one write lane, and each batch re-reads which notes
// hold unsaved edits inside its transaction.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { engineWith, makeEngine, ok } from '../test/make-engine';
import { nodeDisk } from '../platform/write-back-node';
import type { ImportSource, SourceFile } from './source';
import { nodeSource } from './walk-node';

/** A point a source waits at: wait() holds until release(); `reached` resolves when the first wait starts. */
function gate() {
  let release!: () => void;
  let reachedNow!: () => void;
  const open = new Promise<void>((r) => (release = r));
  const reached = new Promise<void>((r) => (reachedNow = r));
  const wait = async () => {
    reachedNow();
    await open;
  };
  return { wait, release, reached };
}

/** A folder whose reads of `gated` wait until release() is called; `reached` resolves when the first such read starts. */
function gatedSource(name: string, files: Record<string, string>, gated: string) {
  const enc = new TextEncoder();
  const { wait, release, reached } = gate();
  const source: ImportSource = {
    name,
    root: name,
    kind: 'memory',
    readConcurrency: 1,
    async *files() {
      for (const [path, text] of Object.entries(files)) {
        const bytes = enc.encode(text);
        const file: SourceFile = {
          path,
          size: bytes.length,
          mtime: 0,
          read: async () => {
            if (path === gated) await wait();
            return bytes;
          },
        };
        yield file;
      }
    },
  };
  return { source, release, reached };
}

describe('an edit during a re-sync', () => {
  it('is not overwritten by the disk version the running import read', async () => {
    const engine = await engineWith({ 'a.md': '# A\n\nfirst\n', 'b.md': '# B\n\nfirst\n' }, 'notes');
    // Both notes changed on disk; the re-sync writes one file per batch and waits in the middle of reading a.md.
    const gate = gatedSource('notes', { 'a.md': '# A\n\nsecond on disk\n', 'b.md': '# B\n\nsecond on disk\n' }, 'a.md');
    const resync = engine.importSource(gate.source, { batchSize: 1 });
    await gate.reached;

    const saved = ok(await engine.call('write_note', { path: 'b.md', body: '# B\n\nedited in Kioku\n' }));
    expect(saved.unsaved_to_disk).toBe(true);

    gate.release();
    const summary = await resync;
    expect(summary.phase).toBe('done');

    const b = ok(await engine.call('read_note', { path: 'b.md' }));
    expect(b.body).toContain('edited in Kioku');
    expect(ok(await engine.call('unsaved_changes', {})).notes.map((n) => n.path)).toEqual(['b.md']);
    const problems = ok(await engine.call('problems', {})).problems;
    expect(problems.filter((p) => p.code === 'edit_kept').map((p) => p.path)).toEqual(['b.md']);
    // The note edited nowhere else took the disk version.
    expect(ok(await engine.call('read_note', { path: 'a.md' })).body).toContain('second on disk');
  });

  it('a note created during the re-sync at a path the folder also has keeps what was written in Kioku', async () => {
    const engine = await engineWith({ 'a.md': '# A\n' }, 'notes');
    const gate = gatedSource('notes', { 'a.md': '# A\n\nchanged\n', 'c.md': '# C\n\nfrom disk\n' }, 'a.md');
    const resync = engine.importSource(gate.source, { batchSize: 1 });
    await gate.reached;
    ok(await engine.call('create_note', { path: 'c.md', body: '# C\n\nwritten in Kioku\n' }));
    gate.release();
    expect((await resync).phase).toBe('done');
    expect(ok(await engine.call('read_note', { path: 'c.md' })).body).toContain('written in Kioku');
  });
});

// An attack trial ran `kioku batch` (400 write_note) beside `kioku index` on one database: notes the writer
// had saved, to the index and to the folder, got back the text the index had read a moment before; and
// notes created during the index were removed by it. The same here in one process, with a real folder.
/** A real folder holding `files`, imported into an engine that writes back to it; removed afterwards. */
async function withFolder(files: Record<string, string>, body: (dir: string, engine: Awaited<ReturnType<typeof makeEngine>>) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'kioku-race-'));
  try {
    for (const [path, text] of Object.entries(files)) writeFileSync(join(dir, path), text);
    const engine = await makeEngine();
    expect((await engine.importSource(nodeSource(dir, 'notes'))).phase).toBe('done');
    engine.ctx.services.disk = nodeDisk({ notes: dir });
    await body(dir, engine);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('a save during a re-sync, written to the folder', () => {
  it('keeps the saved text: the bytes the re-sync read before it are older', async () => {
    await withFolder({ 'a.md': '# A\n\nfirst\n', 'b.md': '# B\n\nfirst\n' }, async (dir, engine) => {
      // The re-sync (reading every file, as `kioku index --verify`) reads a.md's bytes, then waits;
      // meanwhile a.md is saved from Kioku, to the index and the folder.
      const { wait, release, reached } = gate();
      const real = nodeSource(dir, 'notes');
      const source: ImportSource = {
        ...real,
        readConcurrency: 1,
        async *files(report) {
          for await (const f of real.files(report)) {
            yield f.path === 'a.md' ? { ...f, read: async () => { const bytes = await f.read(); await wait(); return bytes; } } : f;
          }
        },
      };
      const resync = engine.importSource(source, { batchSize: 1, verifyAll: true });
      await reached;
      const saved = ok(await engine.call('write_note', { path: 'a.md', body: '# A\n\nsaved in Kioku\n' }));
      expect(saved.disk.status).toBe('written');
      const created = ok(await engine.call('create_note', { path: 'new.md', body: '# New\n\ncreated meanwhile\n' }));
      expect(created.disk.status).toBe('written');
      release();
      expect((await resync).phase).toBe('done');
      expect(ok(await engine.call('read_note', { path: 'a.md' })).body).toContain('saved in Kioku');
      expect(readFileSync(join(dir, 'a.md'), 'utf8')).toContain('saved in Kioku');
      expect(ok(await engine.call('read_note', { path: 'new.md' })).body).toContain('created meanwhile');
      // The next re-sync finds the folder and the index agreeing: nothing to write, nothing refused.
      const again = await engine.importSource(nodeSource(dir, 'notes'));
      expect([again.indexed, again.removed]).toEqual([0, 0]);
      expect(ok(await engine.call('write_note', { path: 'a.md', body: '# A\n\nonce more\n' })).disk.status).toBe('written');
    });
  });

  it('keeps a note created while the folder was being listed', async () => {
    await withFolder({ 'a.md': '# A\n', 'z.md': '# Z\n' }, async (dir, engine) => {
      const { wait, release, reached } = gate();
      const real = nodeSource(dir, 'notes');
      // The listing has passed the place where m/new.md would be, and waits before z.md.
      const source: ImportSource = {
        ...real,
        async *files(report) {
          for await (const f of real.files(report)) {
            if (f.path === 'z.md') await wait();
            yield f;
          }
        },
      };
      const resync = engine.importSource(source);
      await reached;
      expect(ok(await engine.call('create_note', { path: 'm/new.md', body: '# New\n' })).disk.status).toBe('written');
      release();
      const summary = await resync;
      expect(summary.removed).toBe(0);
      expect(ok(await engine.call('read_note', { path: 'm/new.md' })).body).toContain('# New');
    });
  });
});
