// What an import batch re-reads inside its transaction (unsaved edits, the
// entry at a path) and how it keeps an edit the disk also changed. Split
// from import.ts.
import type { Db } from '../db/database';
import type { ExistingEntry } from './store';

/** Notes of the vault edited in Kioku and not yet written to its folder. */
export function editedNotes(db: Db, vaultId: number): Set<string> {
  return new Set(db.column<string>('SELECT path FROM entries WHERE vault_id = ? AND dirty = 1', [vaultId]));
}

export function entryAt(db: Db, vaultId: number, path: string): ExistingEntry | undefined {
  return db.get<ExistingEntry>('SELECT id, hash, size, mtime FROM entries WHERE vault_id = ? AND path = ?', [vaultId, path]);
}

/** The file changed on disk while Kioku holds an unsaved edit of it: the edit wins, and the user is told. */
export function keepEdit(db: Db, vaultId: number, path: string, at: number): void {
  db.run("DELETE FROM problems WHERE vault_id = ? AND path = ? AND code = 'edit_kept'", [vaultId, path]);
  db.run('INSERT INTO problems (vault_id, path, code, message, action, line, at) VALUES (?, ?, ?, ?, ?, NULL, ?)', [
    vaultId, path, 'edit_kept',
    'The file changed on disk, and it was also edited in Kioku without being written back.',
    "Kept Kioku's edited version; the disk version was not imported. Write it back with overwrite to replace the disk version, or export it.",
    at,
  ]);
}
