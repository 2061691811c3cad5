import type { Db } from '../db/database';

export interface VaultRow {
  id: number;
  name: string;
  root: string | null;
  source: string | null;
  created_at: number;
  imported_at: number | null;
  import_state: string;
}

export function findVault(db: Db, name: string): VaultRow | undefined {
  return db.get<VaultRow>('SELECT * FROM vaults WHERE name = ?', [name]);
}

export function ensureVault(db: Db, name: string, root: string | null, source: string | null, at: number): number {
  const found = findVault(db, name);
  if (found) return found.id;
  return db.run('INSERT INTO vaults (name, root, source, created_at) VALUES (?, ?, ?, ?)', [name, root, source, at]).lastId;
}

export function removeVault(db: Db, id: number): void {
  db.tx(() => {
    // FTS rows are not covered by the foreign-key cascade.
    db.run('DELETE FROM fts WHERE rowid IN (SELECT id FROM entries WHERE vault_id = ?)', [id]);
    db.run('DELETE FROM fts_lead WHERE rowid IN (SELECT id FROM entries WHERE vault_id = ?)', [id]);
    db.run('DELETE FROM kg_fts WHERE rowid IN (SELECT o.id * 2 FROM observations o JOIN entries e ON e.id = o.entry_id WHERE e.vault_id = ?)', [id]);
    db.run('DELETE FROM kg_fts WHERE rowid IN (SELECT r.id * 2 + 1 FROM relations r JOIN entries e ON e.id = r.entry_id WHERE e.vault_id = ?)', [id]);
    db.run('DELETE FROM vaults WHERE id = ?', [id]);
  });
}
