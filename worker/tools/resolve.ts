// Finds vaults and entries named in tool arguments.
import type { Db } from '../db/database';
import { toVaultPath } from '../ingest/paths';
import { toolError } from './errors';

export interface VaultRef {
  id: number;
  name: string;
}

export function resolveVault(db: Db, name: string | undefined, path = 'vault'): VaultRef | undefined {
  if (name === undefined) return undefined;
  const row = db.get<VaultRef>('SELECT id, name FROM vaults WHERE name = ?', [name]);
  if (!row) {
    const names = db.column<string>('SELECT name FROM vaults ORDER BY name');
    throw toolError(
      'not_found',
      names.length
        ? `No vault named ${JSON.stringify(name)}. Vaults: ${names.map((n) => JSON.stringify(n)).join(', ')}.`
        : `No vault named ${JSON.stringify(name)}: nothing has been imported yet.`,
      path,
    );
  }
  return row;
}

export interface EntryRow {
  id: number;
  vault_id: number;
  vault: string;
  path: string;
  kind: 'note' | 'file';
  title: string;
  type: string | null;
  permalink: string | null;
  tags: string | null;
  frontmatter: string | null;
  size: number;
  mtime: number;
  truncated: number;
  dirty: number;
}

const ENTRY_COLUMNS = `e.id, e.vault_id, v.name AS vault, e.path, e.kind, e.title, e.type, e.permalink, e.tags, e.frontmatter, e.size, e.mtime, e.truncated, e.dirty`;

/**
 * An entry by vault-relative path (or permalink, or title) within one vault or
 * across all of them; ambiguous references across vaults are an error that
 * lists the candidates.
 */
export function resolveEntry(db: Db, ref: string, vault: VaultRef | undefined, path = 'path'): EntryRow {
  const p = toVaultPath(ref);
  const scope = vault ? 'AND e.vault_id = ?' : '';
  const params = (x: string) => (vault ? [x, vault.id] : [x]);
  const tries: [string, string][] = [
    [`e.path = ?`, p],
    [`e.path = ?`, `${p}.md`],
    [`e.permalink = ?`, p],
    [`e.title = ? COLLATE NOCASE`, ref],
  ];
  for (const [cond, value] of tries) {
    const rows = db.all<EntryRow>(`SELECT ${ENTRY_COLUMNS} FROM entries e JOIN vaults v ON v.id = e.vault_id WHERE ${cond} ${scope} ORDER BY v.name LIMIT 5`, params(value));
    if (rows.length === 1) return rows[0];
    if (rows.length > 1) {
      throw toolError('invalid_argument', `${JSON.stringify(ref)} exists in several vaults (${rows.map((r) => r.vault).join(', ')}); pass "vault" to choose one.`, path);
    }
  }
  const hit = entryByHitId(db, ref, vault);
  if (hit) return hit;
  throw toolError('not_found', `No note or file ${JSON.stringify(ref)}${vault ? ` in vault ${JSON.stringify(vault.name)}` : ''}. Use a vault-relative path such as "specs/auth-design.md".`, path);
}

/** A search hit id, `vault:path` (vault names may themselves hold ':', so each split is tried). */
function entryByHitId(db: Db, ref: string, vault: VaultRef | undefined): EntryRow | undefined {
  for (let i = ref.indexOf(':'); i > 0; i = ref.indexOf(':', i + 1)) {
    const name = ref.slice(0, i);
    if (vault && vault.name !== name) continue;
    const row = db.get<EntryRow>(
      `SELECT ${ENTRY_COLUMNS} FROM entries e JOIN vaults v ON v.id = e.vault_id WHERE v.name = ? AND e.path = ?`,
      [name, toVaultPath(ref.slice(i + 1))],
    );
    if (row) return row;
  }
  return undefined;
}

export function entryById(db: Db, id: number): EntryRow | undefined {
  return db.get<EntryRow>(`SELECT ${ENTRY_COLUMNS} FROM entries e JOIN vaults v ON v.id = e.vault_id WHERE e.id = ?`, [id]);
}
