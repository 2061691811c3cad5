// Finds vaults and entries named in tool arguments.
import type { Db } from './db/database';
import { toVaultPath } from './ingest/paths';
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

const NOT_HIDDEN = 'e.id NOT IN (SELECT entry_id FROM hidden_entries)';
const ENTRY_COLUMNS = `e.id, e.vault_id, v.name AS vault, e.path, e.kind, e.title, e.type, e.permalink, e.tags, e.frontmatter, e.size, e.mtime, e.truncated, e.dirty`;

/**
 * An entry by vault-relative path (or permalink, or title) within one vault or
 * across all of them; ambiguous references are an error that lists the
 * candidates by vault and path.
 */
export function resolveEntry(db: Db, ref: string, vault: VaultRef | undefined, path = 'path'): EntryRow {
  const p = toVaultPath(ref);
  // By permalink or title, notes hidden from the local identity are not candidates (an exact path still finds one, and the tool says it is not shared).
  const tries: [string, string][] = [
    [`e.path = ?`, p],
    [`e.path = ?`, `${p}.md`],
    // Windows-style separators typed by hand; names that hold "\" match exactly above.
    [`e.path = ?`, p.replace(/\\/g, '/')],
    [`e.permalink = ? AND ${NOT_HIDDEN}`, p],
    [`e.title = ? COLLATE NOCASE AND ${NOT_HIDDEN}`, ref],
  ];
  for (const [cond, value] of tries) {
    const rows = entriesWhere(db, cond, value, vault);
    if (rows.length === 1) return rows[0];
    if (rows.length > 1) throw ambiguous(ref, rows, path);
  }
  const hit = entryByHitId(db, ref, vault);
  if (hit) return hit;
  throw toolError('not_found', `No note or file ${JSON.stringify(ref)}${vault ? ` in vault ${JSON.stringify(vault.name)}` : ''}. Use a vault-relative path such as "specs/auth-design.md".`, path);
}

const MEMORY_URL = /^memory:\/\/(.+)$/i;

/** A reference without Basic Memory's `memory://` scheme, as messages name it. */
export function withoutMemoryScheme(ref: string): string {
  return ref.replace(/^memory:\/\//i, '');
}

/**
 * An entry as resolveEntry finds it, or by Basic Memory's memory:// URL
 * (`memory://specs/auth-design`): the rest is a path, permalink or title, its
 * first segment optionally the vault (`memory://notes/specs/auth-design`).
 */
export function resolveNoteRef(db: Db, ref: string, vault: VaultRef | undefined, path = 'path'): EntryRow {
  const m = MEMORY_URL.exec(ref.trim());
  if (!m) return resolveEntry(db, ref, vault, path);
  const rest = m[1].replace(/^\/+/, '');
  try {
    return resolveEntry(db, rest, vault, path);
  } catch (e) {
    const [first, ...tail] = rest.split('/');
    const named = !vault && tail.length ? db.get<VaultRef>('SELECT id, name FROM vaults WHERE name = ?', [first]) : undefined;
    if (!named) throw e;
    return resolveEntry(db, tail.join('/'), named, path);
  }
}

/**
 * The entry a write goes to: the exact vault-relative path (or a `vault:path`
 * hit id), never a title or case-insensitive match, so a typo can never edit a
 * different note. When nothing matches exactly, the error names what the
 * reference would have matched for reading.
 */
export function resolveWriteTarget(db: Db, ref: string, vault: VaultRef | undefined, path = 'path'): EntryRow {
  const p = toVaultPath(ref);
  const rows = entriesWhere(db, 'e.path = ?', p, vault);
  if (rows.length === 1) return rows[0];
  if (rows.length > 1) throw ambiguous(ref, rows, path);
  const hit = entryByHitId(db, ref, vault);
  if (hit) return hit;
  const near = [
    ...entriesWhere(db, 'e.path = ? COLLATE NOCASE', p, vault),
    ...entriesWhere(db, 'e.path = ? COLLATE NOCASE', `${p}.md`, vault),
    ...entriesWhere(db, `e.permalink = ? AND ${NOT_HIDDEN}`, p, vault),
    ...entriesWhere(db, `e.title = ? COLLATE NOCASE AND ${NOT_HIDDEN}`, ref, vault),
  ];
  const names = [...new Set(near.map(where))].slice(0, 5);
  const hint = names.length ? ` Did you mean ${names.map((n) => JSON.stringify(n)).join(' or ')}? Give that exact path.` : ' Use a vault-relative path such as "specs/auth-design.md", or create_note for a new note.';
  throw toolError(
    'not_found',
    `No note at exactly ${JSON.stringify(ref)}${vault ? ` in vault ${JSON.stringify(vault.name)}` : ''}; writes go only to an exact vault-relative path (with its case and extension).${hint}`,
    path,
  );
}

function entriesWhere(db: Db, cond: string, value: string, vault: VaultRef | undefined): EntryRow[] {
  const scope = vault ? 'AND e.vault_id = ?' : '';
  return db.all<EntryRow>(
    `SELECT ${ENTRY_COLUMNS} FROM entries e JOIN vaults v ON v.id = e.vault_id WHERE ${cond} ${scope} ORDER BY v.name, e.path LIMIT 5`,
    vault ? [value, vault.id] : [value],
  );
}

function where(r: EntryRow): string {
  return `${r.vault}:${r.path}`;
}

function ambiguous(ref: string, rows: EntryRow[], path: string): Error {
  const vaults = new Set(rows.map((r) => r.vault));
  const list = rows.map((r) => JSON.stringify(vaults.size === 1 ? r.path : where(r))).join(', ');
  const more = rows.length >= 5 ? ' and more' : '';
  return vaults.size === 1
    ? toolError('invalid_argument', `${JSON.stringify(ref)} names several notes in vault ${JSON.stringify(rows[0].vault)}: ${list}${more}. Give the path of the one you mean.`, path)
    : toolError('invalid_argument', `${JSON.stringify(ref)} exists in several vaults: ${list}${more}. Pass "vault" to choose one, or give the vault:path shown.`, path);
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
