// Which note a [[link]] (or a backlink) means. Several notes may answer to
// one name: a multilingual vault gives its English and Japanese notes the
// same declared permalink and title (en/Plugins/Canvas.md and
// ja/プラグイン/Canvas.md). A link then means the note in the linking note's
// top folder; when none is there, the link is ambiguous and lists them.
// Read by read_note (backlinks), graph, resolve_links, and the links_to /
// linked_from scope of search, find and tasks.
import type { Db } from '../db/database';
import { linkKey } from '../ingest/markdown';
import { stem } from '../ingest/paths';
import type { EntryRow } from '../resolve';
import { visibleId } from '../team/sql';

export interface LinkedNote {
  vault: string;
  path: string;
  title: string;
}

export interface LinkResolution {
  resolved: LinkedNote | null;
  /** Present when several notes answer to the link and none is in the linking note's top folder. */
  candidates?: LinkedNote[];
}

/** The keys other notes can use to link to this one. */
export function linkKeysOf(e: Pick<EntryRow, 'path' | 'title' | 'permalink'>): string[] {
  const keys = new Set([linkKey(e.title), linkKey(e.path), linkKey(stem(e.path))]);
  if (e.permalink) keys.add(linkKey(e.permalink));
  return [...keys];
}

/** The first folder of a vault path ('' for a note at the root). */
export function topFolder(path: string): string {
  const i = path.indexOf('/');
  return i < 0 ? '' : path.slice(0, i);
}

const MAX_CANDIDATES = 10;

/** What `target`, written in the note at `fromPath`, links to. */
export function resolveLinkFrom(db: Db, vaultId: number, target: string, fromPath: string): LinkResolution {
  const key = linkKey(target);
  const rows = db.all<LinkedNote & { kind: string }>(
    `SELECT v.name AS vault, e.path, e.title, e.kind FROM entries e JOIN vaults v ON v.id = e.vault_id
     WHERE e.vault_id = ? AND (lower(e.title) = ? OR lower(e.permalink) = ? OR lower(e.path) = ? OR lower(e.path) = ? || '.md'
        OR lower(e.name) = ? OR lower(e.name) = ? || '.md')
        AND e.id NOT IN (SELECT entry_id FROM hidden_entries)
     ORDER BY e.kind = 'note' DESC, length(e.path), e.path LIMIT ${MAX_CANDIDATES + 1}`,
    [vaultId, key, key, key, key, key, key],
  );
  const plain = (r: LinkedNote) => ({ vault: r.vault, path: r.path, title: r.title });
  if (rows.length === 0) return { resolved: null };
  // An exact path (with or without .md) names one note whatever else shares a title.
  const exact = rows.find((r) => linkKey(r.path) === key);
  if (rows.length === 1 || exact) return { resolved: plain(exact ?? rows[0]) };
  const notes = rows.filter((r) => r.kind === 'note');
  if (notes.length <= 1) return { resolved: plain(rows[0]) };
  const home = topFolder(fromPath);
  const near = notes.find((r) => topFolder(r.path) === home);
  if (near) return { resolved: plain(near) };
  return { resolved: null, candidates: notes.slice(0, MAX_CANDIDATES).map(plain) };
}

export interface LinkingRow {
  entry_id: number;
  type: string;
  vault: string;
  path: string;
  title: string;
  line: number;
  target: string;
}

type Linked = Pick<EntryRow, 'id' | 'vault_id' | 'path' | 'title' | 'permalink'>;

/**
 * The links of other notes of its vault that mean `e` (its backlinks), by
 * path and line, at most `limit`; notes hidden from the local identity left
 * out. A link another note answers to as well is `e`'s only when it resolves here.
 */
export function linkingRows(db: Db, e: Linked, limit: number): LinkingRow[] {
  const keys = linkKeysOf(e);
  const rows = db.all<LinkingRow>(
    `SELECT r.entry_id, r.type, v.name AS vault, s.path, s.title, r.line, r.target FROM relations r
     JOIN entries s ON s.id = r.entry_id JOIN vaults v ON v.id = s.vault_id
     WHERE s.vault_id = ? AND s.id <> ? AND ${visibleId('s.id')} AND r.target_key IN (${keys.map(() => '?').join(',')})
     ORDER BY s.path, r.line LIMIT ?`,
    [e.vault_id, e.id, ...keys, limit],
  );
  const shared = db.get(
    `SELECT 1 AS x FROM entries WHERE vault_id = ? AND id <> ? AND kind = 'note' AND (lower(title) = ? OR lower(permalink) = ?) LIMIT 1`,
    [e.vault_id, e.id, linkKey(e.title), e.permalink ? linkKey(e.permalink) : ''],
  ) !== undefined;
  return shared ? rows.filter((l) => resolveLinkFrom(db, e.vault_id, l.target, l.path).resolved?.path === e.path) : rows;
}

/** The ids of the notes that link to `e` (Dataview's `FROM [[e]]`). */
export function linkingIds(db: Db, e: Linked): number[] {
  return [...new Set(linkingRows(db, e, Number.MAX_SAFE_INTEGER).map((r) => r.entry_id))];
}

/** The ids of the notes and files `e` links to, each link resolved as a click on it would be (Dataview's `FROM outgoing([[e]])`). */
export function linkedIds(db: Db, e: Linked): number[] {
  const targets = db.column<string>('SELECT DISTINCT target FROM relations WHERE entry_id = ?', [e.id]);
  const paths = new Set<string>();
  for (const t of targets) {
    const hit = resolveLinkFrom(db, e.vault_id, t, e.path).resolved;
    if (hit) paths.add(hit.path);
  }
  if (!paths.size) return [];
  return db.column<number>('SELECT id FROM entries WHERE vault_id = ? AND path IN (SELECT value FROM json_each(?))', [e.vault_id, JSON.stringify([...paths])]);
}
