// Turns what the user gave us (a drop, the folder picker, <input webkitdirectory>)
// into something the engine worker can import.
import type { PathedFile } from '../../../../worker/contract';

export type FolderInput =
  | { kind: 'handle'; name: string; handle: FileSystemDirectoryHandle }
  | { kind: 'files'; name: string; files: PathedFile[]; /** The folder had .obsidian/ (not itself imported). */ obsidian?: boolean };

type EntryLike = FileSystemEntry;

/**
 * Must be called synchronously inside the drop handler: DataTransferItems are
 * only readable during the event. Prefers real directory handles (re-syncable),
 * falls back to webkitGetAsEntry().
 */
export function foldersFromDrop(dt: DataTransfer): Promise<FolderInput[]> {
  const items = [...dt.items].filter((i) => i.kind === 'file');
  const pending: Promise<FolderInput | null>[] = items.map((item) => {
    const withHandle = item as DataTransferItem & { getAsFileSystemHandle?: () => Promise<FileSystemHandle | null> };
    const entry = item.webkitGetAsEntry?.() ?? null;
    if (withHandle.getAsFileSystemHandle) {
      const handleP = withHandle.getAsFileSystemHandle();
      return handleP.then(
        (h) => (h && h.kind === 'directory' ? { kind: 'handle', name: h.name, handle: h as FileSystemDirectoryHandle } : entry?.isDirectory ? fromEntry(entry) : null),
        () => (entry?.isDirectory ? fromEntry(entry) : null),
      );
    }
    return entry?.isDirectory ? fromEntry(entry) : Promise.resolve(null);
  });
  return Promise.all(pending).then((list) => list.filter((x): x is FolderInput => x !== null));
}

async function fromEntry(root: EntryLike): Promise<FolderInput> {
  const files: PathedFile[] = [];
  let obsidian = false;
  const walk = async (entry: EntryLike, prefix: string): Promise<void> => {
    if (entry.isFile) {
      const file = await new Promise<File>((res, rej) => (entry as FileSystemFileEntry).file(res, rej));
      files.push({ path: prefix + entry.name, file });
      return;
    }
    const reader = (entry as FileSystemDirectoryEntry).createReader();
    // readEntries returns at most ~100 entries per call; read until empty.
    for (;;) {
      const batch = await new Promise<FileSystemEntry[]>((res, rej) => reader.readEntries(res, rej));
      if (!batch.length) break;
      for (const child of batch) {
        if (child.isDirectory && entry === root && child.name === '.obsidian') obsidian = true;
        if (child.isDirectory && child.name.startsWith('.')) continue;
        if (child.isDirectory && child.name === 'node_modules') continue;
        await walk(child, entry === root ? prefix : `${prefix}${entry.name}/`);
      }
    }
  };
  await walk(root, '');
  return { kind: 'files', name: root.name, files, obsidian };
}

/** <input webkitdirectory>: paths are "<folder>/<rest>"; the first segment names the vault. */
export function folderFromFileList(list: FileList): FolderInput | null {
  const all = [...list];
  if (!all.length) return null;
  const first = (all[0] as File & { webkitRelativePath: string }).webkitRelativePath || all[0].name;
  const name = first.split('/')[0];
  const files = all.map((file) => {
    const rel = (file as File & { webkitRelativePath: string }).webkitRelativePath || file.name;
    return { path: rel.split('/').slice(1).join('/') || file.name, file };
  });
  return { kind: 'files', name, files };
}

export function canPickDirectory(): boolean {
  return typeof (window as Window & { showDirectoryPicker?: unknown }).showDirectoryPicker === 'function';
}

export async function pickDirectory(): Promise<FolderInput | null> {
  const picker = (window as Window & { showDirectoryPicker?: (o?: object) => Promise<FileSystemDirectoryHandle> }).showDirectoryPicker;
  if (!picker) return null;
  try {
    const handle = await picker({ id: 'kioku-vault', mode: 'read' });
    return { kind: 'handle', name: handle.name, handle };
  } catch (e) {
    if ((e as Error)?.name === 'AbortError') return null;
    throw e;
  }
}
