// Writing edited notes back to the folder they came from. An edit is always
// saved in the database first (entries.dirty = 1), so nothing is lost when the
// disk write cannot happen; a note is marked clean only once the folder holds
// exactly its text. A file that changed on disk since Kioku last read it is
// never overwritten: that would silently drop someone else's edit.
import { readContents } from '../ingest/contents';
import type { Db } from '../db/database';
import { contentHash } from '../ingest/hash';

/** A vault's folder as the engine can write it. The browser uses directory handles, Node uses fs. */
export interface NoteDisk {
  /** True when this vault's folder is open for writing. */
  canWrite(vault: string): boolean;
  /** The file's current bytes, or null when it does not exist. */
  read(vault: string, path: string): Promise<Uint8Array | null>;
  /** Replaces (or creates) the file, creating folders as needed. */
  write(vault: string, path: string, bytes: Uint8Array): Promise<void>;
  /** What to do to open a vault's folder that is not open for writing, in the host's own terms (the CLI: run it with --allow-write). */
  closedAdvice?(vault: string): string | undefined;
}


export type DiskStatus =
  /** The folder now holds the note's text. */
  | 'written'
  /** The folder is not open for writing (imported by upload, sample vault, or permission not given). */
  | 'no_folder_access'
  /** The file changed on disk since Kioku read it; Kioku's version is kept in the app. */
  | 'changed_on_disk'
  | 'failed';

export interface DiskOutcome {
  status: DiskStatus;
  message: string;
}

interface DirtyRow {
  id: number;
  vault: string;
  path: string;
  hash: string;
}

const enc = new TextEncoder();

/** Writes one entry's text to its folder when possible and marks it clean. */
export async function writeBackEntry(db: Db, disk: NoteDisk | undefined, entryId: number, now: number, overwrite = false): Promise<DiskOutcome> {
  const row = db.get<DirtyRow>(
    `SELECT e.id, v.name AS vault, e.path, e.hash FROM entries e JOIN vaults v ON v.id = e.vault_id WHERE e.id = ?`,
    [entryId],
  );
  const text = row ? readContents(db, row.id) : undefined;
  if (!row || !text) return { status: 'failed', message: 'The note no longer exists in the index.' };
  if (!disk || !disk.canWrite(row.vault)) {
    const advice = disk?.closedAdvice?.(row.vault);
    return { status: 'no_folder_access', message: `Saved in Kioku. The folder of “${row.vault}” is not open for writing, so the file on disk was not changed.${advice ? ` ${advice}` : ''}` };
  }
  const bytes = enc.encode(text.head + text.body);
  const newHash = await contentHash(bytes);
  try {
    const current = await disk.read(row.vault, row.path);
    if (current !== null) {
      const currentHash = await contentHash(current);
      // The file already holds this text (written earlier, or edited identically elsewhere).
      if (currentHash === newHash) return markClean(db, row.id, newHash, bytes.length, now);
      // row.hash is the file as Kioku last read it ('' for a note created in Kioku).
      if (currentHash !== row.hash && !overwrite) {
        return {
          status: 'changed_on_disk',
          message: `${row.path} changed on disk since Kioku read it; Kioku's version is kept in the app and the file was not overwritten. Write it back with overwrite to replace the disk version, or export the vault to keep both.`,
        };
      }
    }
    // A file deleted on disk after import is written again: saving asked for it.
    await disk.write(row.vault, row.path, bytes);
    return markClean(db, row.id, newHash, bytes.length, now);
  } catch (e) {
    return { status: 'failed', message: `Saved in Kioku, but writing ${row.path} to the folder failed: ${(e as Error)?.message ?? e}` };
  }
}

function markClean(db: Db, id: number, hash: string, size: number, now: number): DiskOutcome {
  db.run('UPDATE entries SET dirty = 0, hash = ?, size = ?, mtime = ? WHERE id = ?', [hash, size, now, id]);
  return { status: 'written', message: 'Saved to the folder on disk.' };
}

export interface UnsavedNote {
  vault: string;
  path: string;
  title: string;
  modified: string;
  /** False for notes created in Kioku that have never been written anywhere. */
  exists_on_disk: boolean;
}

export function unsavedNotes(db: Db, vault?: string): UnsavedNote[] {
  return db
    .all<{ vault: string; path: string; title: string; mtime: number; hash: string }>(
      `SELECT v.name AS vault, e.path, e.title, e.mtime, e.hash FROM entries e JOIN vaults v ON v.id = e.vault_id
       WHERE e.dirty = 1 ${vault === undefined ? '' : 'AND v.name = ?'} ORDER BY v.name, e.path`,
      vault === undefined ? [] : [vault],
    )
    .map((r) => ({ vault: r.vault, path: r.path, title: r.title, modified: new Date(r.mtime).toISOString(), exists_on_disk: r.hash !== '' }));
}

/**
 * Every note of a vault as it stands in Kioku (edits included), for export, and
 * the other files whose text Kioku holds (a team member's subscriptions.yaml);
 * team notes the local identity may not read are left out.
 */
export function vaultNoteTexts(db: Db, vault: string): { path: string; text: string; mtime: number }[] {
  return db
    .all<{ id: number; path: string; mtime: number }>(
      `SELECT e.id, e.path, e.mtime FROM entries e JOIN vaults v ON v.id = e.vault_id
       WHERE v.name = ? AND (e.kind = 'note' OR e.id IN (SELECT entry_id FROM contents)) AND e.id NOT IN (SELECT entry_id FROM hidden_entries) ORDER BY e.path`,
      [vault],
    )
    .map((r) => {
      const c = readContents(db, r.id);
      return { path: r.path, text: c ? c.head + c.body : '', mtime: r.mtime };
    });
}

// ---- Browser: folders opened through the File System Access API ----

type DirHandle = FileSystemDirectoryHandle;

/**
 * A name as the folder spells it: paths are kept in NFC, while a name on disk
 * may be decomposed (macOS wrote é as e + ◌́); asked for as written first, then
 * by its NFC form, so an edit replaces the note instead of writing a second
 * file beside it. A name the folder does not have is returned as given.
 */
async function spelled(dir: DirHandle, name: string, kind: FileSystemHandleKind): Promise<string> {
  try {
    await (kind === 'file' ? dir.getFileHandle(name) : dir.getDirectoryHandle(name));
    return name;
  } catch (e) {
    if ((e as Error)?.name !== 'NotFoundError' && (e as Error)?.name !== 'TypeMismatchError') throw e;
  }
  const want = name.normalize('NFC');
  for await (const [n, h] of (dir as DirHandle & { entries(): AsyncIterable<[string, FileSystemHandle]> }).entries()) {
    if (h.kind === kind && n !== name && n.normalize('NFC') === want) return n;
  }
  return name;
}

/**
 * Directory handles the UI granted readwrite permission for, keyed by vault.
 * Permission is asked for in the page (it needs a user gesture); the handle is
 * then passed to the worker, which does the writing off the UI thread.
 */
export function handleDisk(): NoteDisk & { set(vault: string, handle: DirHandle | null): void } {
  const folders = new Map<string, DirHandle>();
  const dirOf = async (vault: string, path: string, create: boolean): Promise<{ dir: DirHandle; name: string } | null> => {
    let dir = folders.get(vault);
    if (!dir) throw new Error(`the folder of “${vault}” is not open for writing`);
    const parts = path.split('/');
    const name = parts.pop()!;
    for (const part of parts) {
      try {
        dir = await dir.getDirectoryHandle(await spelled(dir, part, 'directory'), { create });
      } catch (e) {
        if ((e as Error)?.name === 'NotFoundError') return null;
        throw e;
      }
    }
    return { dir, name: await spelled(dir, name, 'file') };
  };
  return {
    set(vault, handle) {
      if (handle) folders.set(vault, handle);
      else folders.delete(vault);
    },
    canWrite: (vault) => folders.has(vault),
    async read(vault, path) {
      const at = await dirOf(vault, path, false);
      if (!at) return null;
      try {
        const file = await (await at.dir.getFileHandle(at.name)).getFile();
        return new Uint8Array(await file.arrayBuffer());
      } catch (e) {
        if ((e as Error)?.name === 'NotFoundError') return null;
        throw e;
      }
    },
    async write(vault, path, bytes) {
      const at = (await dirOf(vault, path, true))!;
      const fh = await at.dir.getFileHandle(at.name, { create: true });
      // createWritable writes to a temporary file that replaces the original on
      // close(): an interrupted write leaves the old file intact.
      const w = await fh.createWritable();
      try {
        await w.write(bytes as Uint8Array<ArrayBuffer>);
        await w.close();
      } catch (e) {
        await w.abort().catch(() => undefined);
        throw e;
      }
    },
  };
}
