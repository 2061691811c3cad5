// Opening a vault's folder for writing. The permission prompt must come from a
// user gesture (the Save click), so this runs in the page; the handle is then
// given to the engine worker, which writes the files.
import { engineApi } from './client';
import { ensurePermission, loadFolderHandle } from './folder-handles';

export type WriteAccess = 'granted' | 'denied' | 'no_folder';

export async function openForWriting(vault: string, source: string | null): Promise<WriteAccess> {
  if (source !== 'handle') return 'no_folder';
  const handle = await loadFolderHandle(vault).catch(() => undefined);
  if (!handle) return 'no_folder';
  const ok = await ensurePermission(handle, 'readwrite').catch(() => false);
  await engineApi().setFolderAccess(vault, ok ? handle : null);
  return ok ? 'granted' : 'denied';
}
