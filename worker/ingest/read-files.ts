// Reading a batch of an import's files: each file's bytes and content hash,
// or a read_failed problem in its place (what the index had for it is kept).
import { contentHash } from './hash';
import type { FileProblem } from './problems';
import type { ImportSource, SourceFile } from './source';

/** Files read at once when the source says nothing (Node's file system gains from parallel reads). */
const READ_CONCURRENCY = 16;

export interface Loaded {
  file: SourceFile;
  /** null: the file could not be read. */
  bytes: Uint8Array | null;
  hash: string;
}

export async function readAll(files: SourceFile[], problems: FileProblem[], source: Pick<ImportSource, 'readBatch' | 'readConcurrency'>): Promise<Loaded[]> {
  if (!files.length) return [];
  const got = source.readBatch ? await source.readBatch(files) : await readEach(files, source.readConcurrency ?? READ_CONCURRENCY);
  // Digests run off the thread; asking for them together lets them overlap.
  return Promise.all(
    files.map(async (file, i): Promise<Loaded> => {
      const r = got[i];
      if (r instanceof Uint8Array) return { file, bytes: r, hash: await contentHash(r) };
      problems.push({
        path: file.path,
        code: 'read_failed',
        message: `The file could not be read: ${r?.message ?? 'no bytes came back'}.`,
        action: 'Skipped it this time; what the index already had for it is kept. Import again to retry.',
      });
      return { file, bytes: null, hash: '' };
    }),
  );
}

/** Each file's own read(), `concurrency` at a time; a failed read is its Error. */
export async function readEach(files: readonly SourceFile[], concurrency: number): Promise<(Uint8Array | Error)[]> {
  const out: (Uint8Array | Error)[] = new Array(files.length);
  let next = 0;
  const reader = async () => {
    while (next < files.length) {
      const i = next++;
      try {
        out[i] = await files[i].read();
      } catch (e) {
        out[i] = e instanceof Error ? e : new Error(String(e));
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, files.length)) }, reader));
  return out;
}
