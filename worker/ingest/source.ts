// Where an import reads files from. The browser (directory handles, dropped
// entries, <input webkitdirectory>) and Node (fs) each provide one.
import type { FileProblem } from './problems';

export interface SourceFile {
  /** Vault-relative, '/' separated. */
  path: string;
  size: number;
  /** Milliseconds since the epoch. */
  mtime: number;
  read(): Promise<Uint8Array>;
}

export interface ImportSource {
  /** Default vault name: the folder's name. */
  name: string;
  /** Where it came from, for display and re-sync (an absolute path in Node). */
  root: string;
  kind: 'handle' | 'files' | 'node' | 'sample' | 'memory';
  /**
   * How many files to read at once (default 16). Node's file system gains from
   * parallel reads; browser File objects are read many in one go instead
   * (readBatch).
   */
  readConcurrency?: number;
  /**
   * Reads a batch's files together, in the batch's order; a file that could
   * not be read is an Error in its place. Without it each file's read() is
   * called, readConcurrency at a time.
   */
  readBatch?(files: readonly SourceFile[]): Promise<(Uint8Array | Error)[]>;
  /**
   * Keep copies of pictures and PDFs in the database (worker/ingest/attachments.ts):
   * for sources the page cannot read again later, such as dropped files.
   */
  keepsCopies?: boolean;
  /** Whether the folder holds Obsidian's settings folder (.obsidian/); asked once files() has been walked. Absent: unknown, the vault's flag is left as it is. */
  obsidian?(): boolean;
  /**
   * Yields every file not under a skipped folder; what it declines to read
   * (a link out of the vault, a loop, a dangling link) goes to `report`.
   */
  files(report?: (problem: FileProblem) => void): AsyncIterable<SourceFile>;
}

/** An in-memory source: the bundled sample vault, tests, the CLI's stdin. Paths under .obsidian/ only mark an Obsidian vault. */
export function memorySource(
  name: string,
  files: Record<string, string | Uint8Array>,
  kind: ImportSource['kind'] = 'memory',
  opts: { keepsCopies?: boolean } = {},
): ImportSource {
  const enc = new TextEncoder();
  const obsidian = Object.keys(files).some((p) => p.startsWith('.obsidian/'));
  return {
    name,
    root: name,
    kind,
    keepsCopies: opts.keepsCopies,
    // Only a source with .obsidian/ paths says anything about it (tests of old schemas import without the column).
    ...(obsidian ? { obsidian: () => true } : {}),
    async *files() {
      for (const [path, content] of Object.entries(files)) {
        if (path.startsWith('.obsidian/')) continue;
        const bytes = typeof content === 'string' ? enc.encode(content) : content;
        yield { path, size: bytes.length, mtime: 0, read: async () => bytes };
      }
    },
  };
}
