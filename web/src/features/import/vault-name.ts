// Which vault a picked or dropped folder belongs to. A vault is named after its
// folder and re-importing updates it, but two different folders can share a
// name (two "notes" folders): the second must not replace the first one's
// vault, so it gets "notes (2)". Folders are told apart by the directory
// handles kept for re-sync (isSameEntry), the browser's only notion of
// "the same folder".
import { loadFolderHandle } from '../../engine/folder-handles';

/** `base`, or `base (2)`, `base (3)`, … whichever is not taken. */
export function freeVaultName(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const name = `${base} (${n})`;
    if (!taken.has(name)) return name;
  }
}

/** Vault names that may hold a folder called `base`: `base` itself and `base (N)`. */
export function candidateNames(base: string, existing: Iterable<string>): string[] {
  const out: string[] = [];
  for (const name of existing) {
    if (name === base) out.unshift(name);
    else if (name.startsWith(`${base} (`) && /^ \(\d+\)$/.test(name.slice(base.length))) out.push(name);
  }
  return out;
}

type HandleLookup = (vault: string) => Promise<FileSystemDirectoryHandle | undefined>;

/**
 * The vault to import `handle` into: the one already holding this very folder,
 * else the folder's own name when that is free, else the next free "name (N)".
 * A same-named vault with no kept handle (imported by drag and drop of files)
 * cannot be compared and is taken to be this folder, as before.
 */
export async function vaultForHandle(handle: FileSystemDirectoryHandle, existing: readonly string[], lookup: HandleLookup = loadFolderHandle): Promise<string> {
  const candidates = candidateNames(handle.name, existing);
  for (const name of candidates) {
    const kept = await lookup(name).catch(() => undefined);
    if (!kept) {
      if (name === handle.name) return name;
      continue;
    }
    if (await kept.isSameEntry(handle).catch(() => false)) return name;
  }
  return freeVaultName(handle.name, new Set(existing));
}
