// Regression (issue 10, defect 1): an edit made while its vault is being
// re-synced, to a note that also changed on disk, is kept. Tool writes and the
// import's batches share one write lane, and each batch re-reads which notes
// hold unsaved edits inside its transaction.
import { describe, expect, it } from 'vitest';
import { engineWith, ok } from '../test/make-engine';
import type { ImportSource, SourceFile } from './source';

/** A folder whose reads of `gated` wait until release() is called; `reached` resolves when the first such read starts. */
function gatedSource(name: string, files: Record<string, string>, gated: string) {
  const enc = new TextEncoder();
  let release!: () => void;
  let reachedNow!: () => void;
  const open = new Promise<void>((r) => (release = r));
  const reached = new Promise<void>((r) => (reachedNow = r));
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
            if (path === gated) {
              reachedNow();
              await open;
            }
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
