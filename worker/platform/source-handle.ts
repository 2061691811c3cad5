// Browser import sources. A directory handle (File System Access API) is
// walked inside the worker, so reading thousands of files never touches the
// UI thread. Dropped folders without handles and <input webkitdirectory>
// arrive as a list of File objects with their relative paths.
import { isSkippedFile, isSkippedFolder, toVaultPath } from '../ingest/paths';
import type { ImportSource, SourceFile } from '../ingest/source';
import { readTogether, type BlobSourceFile } from './blob-reads';

type DirHandle = FileSystemDirectoryHandle & { values(): AsyncIterable<FileSystemHandle> };

export function handleSource(root: FileSystemDirectoryHandle): ImportSource {
  const seen = { obsidian: false };
  return {
    name: root.name,
    root: root.name,
    kind: 'handle',
    obsidian: () => seen.obsidian,
    // Reads through handles are IPC round trips that overlap well: 32 at once
    // took seekstone-10k from 15.0 s to 8.9 s. A batch is first read from the
    // Files its listing got (blob-reads.ts); one that changed since is read
    // again through its handle.
    readConcurrency: 32,
    readBatch: readTogether,
    async *files() {
      yield* walk(root as DirHandle, '', seen);
    },
  };
}

// getFile() is an IPC round trip; asking for a directory's files together
// rather than one after another makes listing a large folder several times faster.
const LIST_CONCURRENCY = 64;

async function* walk(dir: DirHandle, prefix: string, seen: { obsidian: boolean }): AsyncIterable<SourceFile> {
  const children: FileSystemHandle[] = [];
  for await (const h of dir.values()) children.push(h);
  if (prefix === '' && children.some((h) => h.kind === 'directory' && h.name === '.obsidian')) seen.obsidian = true;
  children.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const files = children.filter((h) => h.kind === 'file' && !isSkippedFile(h.name)) as FileSystemFileHandle[];
  for (let i = 0; i < files.length; i += LIST_CONCURRENCY) {
    const chunk = files.slice(i, i + LIST_CONCURRENCY);
    const got = await Promise.all(chunk.map((h) => h.getFile()));
    for (let j = 0; j < chunk.length; j++) yield handleEntry(`${prefix}${chunk[j].name}`, chunk[j], got[j]);
  }
  for (const h of children) {
    if (h.kind === 'directory' && !isSkippedFolder(h.name)) yield* walk(h as DirHandle, `${prefix}${h.name}/`, seen);
  }
}

/**
 * A File from getFile() is a snapshot that becomes unreadable once the file
 * changes on disk: the listing's File is read first (blob-reads.ts), and a
 * file changed since is read through its handle, as it is when its batch is
 * read, so a note saved during a long import is not lost.
 */
function handleEntry(path: string, handle: FileSystemFileHandle, listed: File): BlobSourceFile {
  return {
    path: toVaultPath(path),
    blob: listed,
    size: listed.size,
    mtime: listed.lastModified,
    read: async () => new Uint8Array(await (await handle.getFile()).arrayBuffer()),
  };
}

export function fileEntry(path: string, file: File): BlobSourceFile {
  return {
    path: toVaultPath(path),
    blob: file,
    size: file.size,
    mtime: file.lastModified,
    read: async () => new Uint8Array(await file.arrayBuffer()),
  };
}

/** Files with paths relative to the dropped or chosen folder, the folder's own name first. */
export interface PathedFile {
  path: string;
  file: File;
}

/**
 * Dropped or uploaded files: the page cannot read them again after a reload,
 * so pictures and PDFs are copied into the database. `obsidian` says the
 * folder had .obsidian/ (a drop walks past dot-folders without listing them).
 */
export function filesSource(name: string, files: PathedFile[], opts: { obsidian?: boolean } = {}): ImportSource {
  const obsidian = opts.obsidian === true || files.some((f) => toVaultPath(f.path).startsWith('.obsidian/'));
  return {
    name,
    root: name,
    kind: 'files',
    readBatch: readTogether,
    keepsCopies: true,
    obsidian: () => obsidian,
    async *files() {
      const sorted = [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
      for (const f of sorted) {
        const parts = toVaultPath(f.path).split('/');
        if (parts.slice(0, -1).some(isSkippedFolder) || isSkippedFile(parts[parts.length - 1])) continue;
        yield fileEntry(parts.join('/'), f.file);
      }
    },
  };
}
