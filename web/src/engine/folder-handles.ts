// Directory handles kept in IndexedDB by vault name, so a folder chosen once
// can be re-synced later without picking it again.

const DB_NAME = 'kioku-handles';
const STORE = 'folders';

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

async function tx<T>(mode: IDBTransactionMode, fn: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const req = fn(db.transaction(STORE, mode).objectStore(STORE));
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
  } finally {
    db.close();
  }
}

export function saveFolderHandle(vault: string, handle: FileSystemDirectoryHandle): Promise<unknown> {
  return tx('readwrite', (s) => s.put(handle, vault));
}

export function loadFolderHandle(vault: string): Promise<FileSystemDirectoryHandle | undefined> {
  return tx('readonly', (s) => s.get(vault) as IDBRequest<FileSystemDirectoryHandle | undefined>);
}

export function forgetFolderHandle(vault: string): Promise<unknown> {
  return tx('readwrite', (s) => s.delete(vault));
}

export function clearFolderHandles(): Promise<unknown> {
  return tx('readwrite', (s) => s.clear());
}

type PermissionHandle = FileSystemDirectoryHandle & {
  queryPermission?(d: { mode: 'read' | 'readwrite' }): Promise<PermissionState>;
  requestPermission?(d: { mode: 'read' | 'readwrite' }): Promise<PermissionState>;
};

/** Asks for access again if the browser dropped it (needs a user gesture). */
export async function ensurePermission(handle: FileSystemDirectoryHandle, mode: 'read' | 'readwrite' = 'read'): Promise<boolean> {
  const h = handle as PermissionHandle;
  if (!h.queryPermission) return true;
  if ((await h.queryPermission({ mode })) === 'granted') return true;
  return (await h.requestPermission?.({ mode })) === 'granted';
}
