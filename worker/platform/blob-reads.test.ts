// Dropped and chosen folders are read many files per Blob read (blob-reads.ts).
// Node's openAsBlob gives the same kind of Blob a browser's File is: a
// reference to a file on disk, unreadable once the file changes.
import { mkdtempSync, openAsBlob, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeEngine } from '../test/make-engine';
import { memorySource } from '../ingest/source';
import type { SourceFile } from '../ingest/source';
import { filesSource, type PathedFile } from './source-handle';
import { readTogether, type BlobSourceFile } from './blob-reads';

let dir = '';
afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

/** Writes the files to a temporary folder and returns them as the page would hand them over (File-like disk Blobs). */
async function onDisk(files: Record<string, string | Uint8Array>): Promise<PathedFile[]> {
  dir = mkdtempSync(join(tmpdir(), 'kioku-blobs-'));
  const out: PathedFile[] = [];
  for (const [path, content] of Object.entries(files)) {
    const at = join(dir, path.replaceAll('/', '__'));
    writeFileSync(at, content);
    const blob = await openAsBlob(at);
    out.push({ path, file: Object.assign(blob, { name: path, lastModified: 1_700_000_000_000 }) as unknown as File });
  }
  return out;
}

/** A folder of 1,100 notes (three groups of at most 512), empty ones, CJK and a picture. */
function folder(): Record<string, string | Uint8Array> {
  const files: Record<string, string | Uint8Array> = {};
  for (let i = 0; i < 1100; i++) files[`n/${String(i).padStart(4, '0')}.md`] = i % 97 === 0 ? '' : `# Note ${i}\n\n${i % 3 ? 'plain words' : '日本語のノート 🌸'} ${'x'.repeat(i % 50)}\n`;
  files['pic.png'] = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 1, 2, 3, 255]);
  return files;
}

const stored = (engine: Awaited<ReturnType<typeof makeEngine>>) =>
  engine.db.all('SELECT e.path, e.size, e.hash, a.bytes FROM entries e LEFT JOIN attachments a ON a.entry_id = e.id ORDER BY e.path');

describe('files of a dropped or chosen folder', () => {
  it('are read a group at a time, never file by file, and stored exactly as a memory import stores them', async () => {
    const files = folder();
    const picked = await onDisk(files);
    const source = filesSource('vault', picked);
    let ownReads = 0;
    const counted: typeof source = {
      ...source,
      async *files() {
        for await (const f of source.files()) yield { ...f, read: () => (ownReads++, f.read()) } as SourceFile;
      },
    };
    const engine = await makeEngine();
    const s = await engine.importSource(counted, { vault: 'vault' });
    expect(s.phase).toBe('done');
    // Only the empty notes are reported (as any import reports them), no read failed.
    expect(new Set(s.problemList.map((p) => p.code))).toEqual(new Set(['empty_file']));
    expect(ownReads).toBe(0);

    const expected = await makeEngine();
    await expected.importSource(memorySource('vault', files, 'memory', { keepsCopies: true }));
    const got = stored(engine);
    expect(got).toHaveLength(1101);
    expect(got).toEqual(stored(expected));
  });

  it('a file changed after it was chosen fails alone: the rest of its group is imported', async () => {
    const picked = await onDisk({ 'a.md': '# A\n\nalpha\n', 'b.md': '# B\n\nbravo\n', 'c.md': '# C\n\ncharlie\n' });
    // Changed on disk after the page got its File: the File is a snapshot that can no longer be read.
    writeFileSync(join(dir, 'b.md'), '# B\n\nrewritten meanwhile\n');
    utimesSync(join(dir, 'b.md'), new Date(), new Date(Date.now() + 5000));
    const engine = await makeEngine();
    const s = await engine.importSource(filesSource('vault', picked), { vault: 'vault' });
    expect(s.phase).toBe('done');
    expect(s.problemList.map((p) => [p.path, p.code])).toEqual([['b.md', 'read_failed']]);
    expect(engine.db.all('SELECT path FROM entries ORDER BY path')).toEqual([{ path: 'a.md' }, { path: 'c.md' }]);
  });

  it('a listed file changed since its listing is read again through read(), as it is now', async () => {
    const picked = await onDisk({ 'a.md': 'old a', 'b.md': 'old b' });
    writeFileSync(join(dir, 'a.md'), 'new a, longer');
    utimesSync(join(dir, 'a.md'), new Date(), new Date(Date.now() + 5000));
    // A directory handle's entry: the listing's snapshot, and a read() that gets the file as it is now.
    const entries: BlobSourceFile[] = picked.map((p, i) => ({
      path: p.path,
      size: p.file.size,
      mtime: 0,
      blob: p.file,
      read: async () => new Uint8Array(await (await openAsBlob(join(dir, ['a.md', 'b.md'][i]))).arrayBuffer()),
    }));
    const got = await readTogether(entries);
    expect(got.map((b) => new TextDecoder().decode(b as Uint8Array))).toEqual(['new a, longer', 'old b']);
  });
});
