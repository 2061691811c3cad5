// Browser import sources. A directory handle (File System Access API) is
// walked inside the worker, so reading thousands of files never touches the
// UI thread. Dropped folders without handles and <input webkitdirectory>
// arrive as a list of File objects with their relative paths.
import { isSkippedFile, isSkippedFolder, toVaultPath } from '../ingest/paths';
import type { ImportSource, SourceFile } from '../ingest/source';

type DirHandle = FileSystemDirectoryHandle & { values(): AsyncIterable<FileSystemHandle> };

export function handleSource(root: FileSystemDirectoryHandle): ImportSource {
  return {
    name: root.name,
    root: root.name,
    kind: 'handle',
    async *files() {
      yield* walk(root as DirHandle, '');
    },
  };
}

async function* walk(dir: DirHandle, prefix: string): AsyncIterable<SourceFile> {
  const children: FileSystemHandle[] = [];
  for await (const h of dir.values()) children.push(h);
  children.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const h of children) {
    if (h.kind === 'directory') {
      if (!isSkippedFolder(h.name)) yield* walk(h as DirHandle, `${prefix}${h.name}/`);
    } else if (!isSkippedFile(h.name)) {
      const file = await (h as FileSystemFileHandle).getFile();
      yield fileEntry(`${prefix}${h.name}`, file);
    }
  }
}

export function fileEntry(path: string, file: File): SourceFile {
  return {
    path: toVaultPath(path),
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

export function filesSource(name: string, files: PathedFile[]): ImportSource {
  return {
    name,
    root: name,
    kind: 'files',
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
