// Writes my subscriptions of a team space back to users/<me>/subscriptions.yaml:
// kept in Kioku first (the entry holds the text, dirty until the folder has
// it), then written to the folder when it is open for writing, exactly like
// an edited note (unsaved_changes lists it, write_back writes it later).
import type { Db } from '../db/database';
import { readContents } from '../ingest/contents';
import { writeFileRecord } from '../ingest/store';
import { writeBackEntry, type DiskOutcome, type NoteDisk } from '../platform/write-back';
import { subscriptionsPath } from './layout';
import { subscriptionsText } from './subscriptions-file';

export interface SubscriptionsFileOutcome {
  path: string;
  /** written / no_folder_access / changed_on_disk / failed (as for notes), unchanged, or not_written (the file is malformed or unknown). */
  status: DiskOutcome['status'] | 'unchanged' | 'not_written';
  message: string;
}

/** The folder above users/ (data/users/… → "data"), '' at the root. */
export function teamBase(db: Db, vaultId: number): string {
  const row = db.get<{ path: string; owner: string }>('SELECT e.path, t.owner FROM team_notes t JOIN entries e ON e.id = t.entry_id WHERE t.vault_id = ? LIMIT 1', [vaultId]);
  if (!row) return '';
  const at = row.path.indexOf(`users/${row.owner}/notes/`);
  return at > 0 ? row.path.slice(0, at - 1) : '';
}

export async function saveSubscriptionsFile(db: Db, disk: NoteDisk | undefined, vaultId: number, user: string, now: number): Promise<SubscriptionsFileOutcome> {
  const path = subscriptionsPath(teamBase(db, vaultId), user);
  const entry = db.get<{ id: number; hash: string; vault: string }>('SELECT e.id, e.hash, v.name AS vault FROM entries e JOIN vaults v ON v.id = e.vault_id WHERE e.vault_id = ? AND e.path = ?', [vaultId, path]);
  let existing: string | null = null;
  if (entry) {
    const c = readContents(db, entry.id);
    if (c) existing = c.head + c.body;
    else {
      // Imported before Kioku kept this file's text: read it from the folder, or leave it alone.
      const bytes = disk?.canWrite(entry.vault) ? await disk.read(entry.vault, path).catch(() => null) : null;
      if (!bytes) return { path, status: 'not_written', message: `${path} was not rewritten: Kioku does not hold its text yet. Re-sync the vault, then change the subscription again.` };
      existing = new TextDecoder().decode(bytes);
    }
  }
  const text = subscriptionsText(db, vaultId, user, existing);
  if (text === null) return { path, status: 'not_written', message: `${path} is not valid (see the vault's problems), so Kioku did not rewrite it; the change is kept in Kioku. Fix the file and re-sync.` };
  if (text === existing) return { path, status: 'unchanged', message: `${path} already says this.` };
  const size = new TextEncoder().encode(text).length;
  const id = db.tx(() => {
    const id = writeFileRecord(db, vaultId, entry?.id, { path, size, mtime: now, hash: entry?.hash ?? '' }, { kind: 'file', path, title: 'subscriptions.yaml', problems: [] });
    db.run("INSERT INTO contents (entry_id, head, body) VALUES (?, '', ?)", [id, text]);
    db.run('UPDATE entries SET dirty = 1 WHERE id = ?', [id]);
    return id;
  });
  const out = await writeBackEntry(db, disk, id, now);
  return { path, ...out };
}
