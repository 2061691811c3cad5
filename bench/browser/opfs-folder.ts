// Writes a corpus into a folder of the origin's private file system, so an
// import can read it through a real FileSystemDirectoryHandle, as it reads a
// folder the user picked or dropped. Browser worker only.
import type { Corpus } from './scenario';

export async function opfsFolder(corpus: Corpus): Promise<FileSystemDirectoryHandle> {
  const root = await navigator.storage.getDirectory();
  const base = await root.getDirectoryHandle('bench-folders', { create: true });
  await base.removeEntry(corpus.name, { recursive: true }).catch(() => undefined);
  const top = await base.getDirectoryHandle(corpus.name, { create: true });
  const dirs = new Map<string, FileSystemDirectoryHandle>([['', top]]);
  const dirOf = async (path: string): Promise<FileSystemDirectoryHandle> => {
    const cut = path.lastIndexOf('/');
    const folder = cut < 0 ? '' : path.slice(0, cut);
    let d = dirs.get(folder);
    if (!d) {
      d = await (await dirOf(folder)).getDirectoryHandle(folder.slice(folder.lastIndexOf('/') + 1), { create: true });
      dirs.set(folder, d);
    }
    return d;
  };
  for (const f of corpus.files) {
    const d = await dirOf(f.path);
    const fh = await d.getFileHandle(f.path.slice(f.path.lastIndexOf('/') + 1), { create: true });
    const sah = await (fh as FileSystemFileHandle & { createSyncAccessHandle(): Promise<{ write(b: Uint8Array): number; close(): void }> }).createSyncAccessHandle();
    sah.write(f.bytes);
    sah.close();
  }
  return top;
}

/** Every file under the folder as a File, with its path inside it (what a drop or <input webkitdirectory> hands the engine). */
export async function folderFiles(dir: FileSystemDirectoryHandle, prefix = ''): Promise<{ path: string; file: File }[]> {
  const out: { path: string; file: File }[] = [];
  for await (const h of (dir as FileSystemDirectoryHandle & { values(): AsyncIterable<FileSystemHandle> }).values()) {
    if (h.kind === 'file') out.push({ path: prefix + h.name, file: await (h as FileSystemFileHandle).getFile() });
    else out.push(...(await folderFiles(h as FileSystemDirectoryHandle, `${prefix}${h.name}/`)));
  }
  return out;
}
