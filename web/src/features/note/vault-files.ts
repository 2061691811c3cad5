// Reading a picture or PDF of a vault for the note view: through the folder
// handle kept for the vault when it was chosen with "Choose folder…" (the
// file as it is on disk now), else from the copy the engine kept at import
// (dropped folders). The bytes become a blob: URL typed by extension, so an
// SVG is only ever an <img> (scripts in it never run), never inline markup.
import { engineApi, isToolError } from '../../engine/client';
import { loadFolderHandle } from '../../engine/folder-handles';
import { ATTACHMENT_TYPES } from '../../../../worker/contract';

/** What the note view can show, by extension (the engine keeps copies of the same types). */
export const FILE_TYPES = ATTACHMENT_TYPES;

export const extOf = (path: string) => /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase() ?? '';
export const isImage = (path: string) => (FILE_TYPES[extOf(path)] ?? '').startsWith('image/');

export type FileLoad =
  | { ok: true; url: string; type: string }
  | {
      ok: false;
      /** Engine reasons (attachments.ts), and: needs_permission (the folder's access must be granted again), no_folder (no handle kept), unreadable. */
      reason: 'not_found' | 'not_kept' | 'too_large' | 'vault_full' | 'unsupported' | 'needs_permission' | 'no_folder' | 'unreadable';
      detail?: string;
    };

type ReadHandle = FileSystemDirectoryHandle & { queryPermission?(d: { mode: 'read' }): Promise<PermissionState> };

/** Walks a vault path down a folder handle; the handle API itself refuses '..' and names with '/'. */
async function fileAt(root: FileSystemDirectoryHandle, path: string): Promise<File> {
  const parts = path.split('/');
  let dir = root;
  for (const p of parts.slice(0, -1)) dir = await dir.getDirectoryHandle(p);
  return (await dir.getFileHandle(parts[parts.length - 1])).getFile();
}

/** Loads one vault file as a blob: URL; the caller revokes it (see FileUrls). */
export async function loadVaultFile(vault: string, source: string | null, path: string, urls: FileUrls): Promise<FileLoad> {
  const type = FILE_TYPES[extOf(path)];
  if (!type) return { ok: false, reason: 'unsupported' };
  if (source === 'handle') {
    const handle = (await loadFolderHandle(vault).catch(() => undefined)) as ReadHandle | undefined;
    if (!handle) return { ok: false, reason: 'no_folder' };
    const perm = handle.queryPermission ? await handle.queryPermission({ mode: 'read' }).catch(() => 'denied' as const) : 'granted';
    if (perm !== 'granted') return { ok: false, reason: 'needs_permission' };
    try {
      const file = await fileAt(handle, path);
      return { ok: true, type, url: urls.make(new Blob([file], { type })) };
    } catch (e) {
      const name = (e as DOMException)?.name;
      if (name === 'NotFoundError' || name === 'TypeMismatchError') return { ok: false, reason: 'not_found' };
      return { ok: false, reason: 'unreadable', detail: (e as Error)?.message ?? String(e) };
    }
  }
  const r = await engineApi().readAttachment(vault, path);
  if (isToolError(r)) return { ok: false, reason: 'unreadable', detail: r.error.message };
  if (!r.ok) return { ok: false, reason: r.reason };
  return { ok: true, type: r.type, url: urls.make(new Blob([r.bytes as Uint8Array<ArrayBuffer>], { type: r.type })) };
}

/** Asks again for read access to the vault's folder (needs a click); true when granted. */
export async function grantFolderAccess(vault: string): Promise<boolean> {
  const handle = (await loadFolderHandle(vault).catch(() => undefined)) as
    | (ReadHandle & { requestPermission?(d: { mode: 'read' }): Promise<PermissionState> })
    | undefined;
  if (!handle?.requestPermission) return false;
  return (await handle.requestPermission({ mode: 'read' }).catch(() => 'denied')) === 'granted';
}

/** The blob: URLs one rendering made, revoked together when it is replaced. */
export class FileUrls {
  private list: string[] = [];
  make(blob: Blob): string {
    const url = URL.createObjectURL(blob);
    this.list.push(url);
    return url;
  }
  revokeAll(): void {
    for (const u of this.list.splice(0)) URL.revokeObjectURL(u);
  }
}
