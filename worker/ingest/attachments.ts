// Copies of a vault's pictures and PDFs, kept in the database for folders
// the page cannot read again (dropped or uploaded without a folder handle),
// so the note view can show ![[photo.png]] after a reload. In the database
// rather than in separate OPFS files: a copy is written in the same
// transaction as its entry (never out of step with it), is removed with it
// by a foreign key, goes into backups with everything else, and works the
// same under Node's tests. The caps keep the database from swelling with
// large media.
import type { Db } from '../db/database';
import { ATTACHMENT_TYPES } from './attachment-types';

export { ATTACHMENT_TYPES };

/** Files larger than this are not copied. */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
/** At most this many bytes of copies per vault. */
export const MAX_VAULT_ATTACHMENT_BYTES = 256 * 1024 * 1024;

export interface AttachmentKeeper {
  /** Keeps (or replaces) the copy of a file just written as entry id; drops a stale one it cannot keep. */
  keep(entryId: number, ext: string, bytes: Uint8Array): void;
  /** False once the vault's copies reach their cap. */
  hasRoom(): boolean;
}

export function attachmentKeeper(db: Db, vaultId: number, limits = { file: MAX_ATTACHMENT_BYTES, vault: MAX_VAULT_ATTACHMENT_BYTES }): AttachmentKeeper {
  let used = Number(
    db.get<{ n: number | null }>('SELECT SUM(length(a.bytes)) AS n FROM attachments a JOIN entries e ON e.id = a.entry_id WHERE e.vault_id = ?', [vaultId])?.n ?? 0,
  );
  return {
    keep(entryId, ext, bytes) {
      if (!(ext in ATTACHMENT_TYPES)) return;
      const old = db.get<{ n: number }>('SELECT length(bytes) AS n FROM attachments WHERE entry_id = ?', [entryId])?.n ?? 0;
      if (bytes.length > limits.file || used - old + bytes.length > limits.vault) {
        if (old) db.run('DELETE FROM attachments WHERE entry_id = ?', [entryId]);
        used -= old;
        return;
      }
      db.run('INSERT OR REPLACE INTO attachments (entry_id, bytes) VALUES (?, ?)', [entryId, bytes]);
      used += bytes.length - old;
    },
    hasRoom: () => used < limits.vault,
  };
}

export type AttachmentRead =
  | { ok: true; path: string; type: string; bytes: Uint8Array }
  /** not_found: no such file in the vault; too_large / vault_full: not copied at import; not_kept: imported without copies (folder handle, older Kioku). */
  | { ok: false; path: string; reason: 'not_found' | 'not_kept' | 'too_large' | 'vault_full' | 'unsupported' };

/** The kept copy of a vault file, or why there is none. */
export function readAttachment(db: Db, vault: string, path: string): AttachmentRead {
  const e = db.get<{ id: number; ext: string; size: number; source: string | null }>(
    `SELECT e.id, e.ext, e.size, v.source FROM entries e JOIN vaults v ON v.id = e.vault_id WHERE v.name = ? AND e.path = ? AND e.kind = 'file'`,
    [vault, path],
  );
  if (!e) return { ok: false, path, reason: 'not_found' };
  const type = ATTACHMENT_TYPES[e.ext];
  if (!type) return { ok: false, path, reason: 'unsupported' };
  const row = db.get<{ bytes: Uint8Array }>('SELECT bytes FROM attachments WHERE entry_id = ?', [e.id]);
  if (row) return { ok: true, path, type, bytes: row.bytes };
  if (e.source === 'files' && e.size > MAX_ATTACHMENT_BYTES) return { ok: false, path, reason: 'too_large' };
  if (e.source === 'files' && hasCopies(db, vault)) return { ok: false, path, reason: 'vault_full' };
  return { ok: false, path, reason: 'not_kept' };
}

/** Whether some file of the vault was copied: then a missing copy was left out for room, not by an older import. */
function hasCopies(db: Db, vault: string): boolean {
  return db.get('SELECT 1 AS x FROM attachments a JOIN entries e ON e.id = a.entry_id JOIN vaults v ON v.id = e.vault_id WHERE v.name = ? LIMIT 1', [vault]) !== undefined;
}
