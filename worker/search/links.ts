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
  const rows = candidatesFor(db, vaultId, key);
  const { hit, candidates } = choose(rows, key, fromPath);
  const plain = (r: Candidate) => ({ vault: r.vault, path: r.path, title: r.title });
  return candidates ? { resolved: null, candidates: candidates.map(plain) } : { resolved: hit ? plain(hit) : null };
}

type Candidate = LinkedNote & { id: number; kind: string };

/** Which of the notes answering to `key` (notes first, shortest path first) the link means. */
function choose(rows: readonly Candidate[], key: string, fromPath: string): { hit: Candidate | null; candidates?: Candidate[] } {
  if (rows.length === 0) return { hit: null };
  // An exact path (with or without .md) names one note whatever else shares a title.
  const exact = rows.find((r) => linkKey(r.path) === key);
  if (rows.length === 1 || exact) return { hit: exact ?? rows[0] };
  const notes = rows.filter((r) => r.kind === 'note');
  if (notes.length <= 1) return { hit: rows[0] };
  const home = topFolder(fromPath);
  const near = notes.find((r) => topFolder(r.path) === home);
  if (near) return { hit: near };
  return { hit: null, candidates: notes.slice(0, MAX_CANDIDATES) };
}

/** SQLite's lower(): ASCII letters only. */
const sqlLower = (s: string) => s.replace(/[A-Z]+/g, (m) => m.toLowerCase());

/**
 * resolveLinkFrom for many links of one vault (graph, relation hits,
 * backlinks where names are shared): the same answers, each distinct link
 * and top folder read once, and past a few links from an index of the
 * vault's names built in one read instead of a scan of the vault per link.
 */
export function linkResolver(db: Db, vaultId: number): (target: string, fromPath: string) => (LinkedNote & { id: number }) | null {
  const memo = new Map<string, (LinkedNote & { id: number }) | null>();
  let byKey: Map<string, Candidate[]> | null = null;
  const index = () => {
    const map = new Map<string, Candidate[]>();
    const rows = db.all<Candidate & { permalink: string | null; name: string }>(
      `SELECT e.id, v.name AS vault, e.path, e.title, e.kind, e.permalink, e.name FROM entries e JOIN vaults v ON v.id = e.vault_id
       WHERE e.vault_id = ? AND ${visibleId('e.id')} ORDER BY e.kind = 'note' DESC, length(e.path), e.path`,
      [vaultId],
    );
    for (const r of rows) {
      const keys = new Set<string>();
      for (const [col, file] of [[r.title, false], [r.permalink, false], [r.path, true], [r.name, true]] as const) {
        if (col === null) continue;
        const k = sqlLower(col);
        keys.add(k);
        // lower(path) = key || '.md': a path or file name also answers without its .md.
        if (file && k.endsWith('.md')) keys.add(k.slice(0, -3));
      }
      const c: Candidate = { id: r.id, vault: r.vault, path: r.path, title: r.title, kind: r.kind };
      for (const k of keys) {
        const list = map.get(k);
        if (!list) map.set(k, [c]);
        else if (list.length <= MAX_CANDIDATES) list.push(c);
      }
    }
    return map;
  };
  return (target, fromPath) => {
    const key = linkKey(target);
    const memoKey = `${topFolder(fromPath)}\u0000${key}`;
    const known = memo.get(memoKey);
    if (known !== undefined) return known;
    // A few links are cheaper to look up one by one than to index the vault.
    if (!byKey && memo.size >= 8) byKey = index();
    const rows = byKey ? (byKey.get(key) ?? []) : candidatesFor(db, vaultId, key);
    const { hit } = choose(rows, key, fromPath);
    const found = hit ? { id: hit.id, vault: hit.vault, path: hit.path, title: hit.title } : null;
    memo.set(memoKey, found);
    return found;
  };
}

function candidatesFor(db: Db, vaultId: number, key: string): Candidate[] {
  return db.all<Candidate>(
    `SELECT e.id, v.name AS vault, e.path, e.title, e.kind FROM entries e JOIN vaults v ON v.id = e.vault_id
     WHERE e.vault_id = ? AND (lower(e.title) = ? OR lower(e.permalink) = ? OR lower(e.path) = ? OR lower(e.path) = ? || '.md'
        OR lower(e.name) = ? OR lower(e.name) = ? || '.md')
        AND ${visibleId('e.id')}
     ORDER BY e.kind = 'note' DESC, length(e.path), e.path LIMIT ${MAX_CANDIDATES + 1}`,
    [vaultId, key, key, key, key, key, key],
  );
}

export interface LinkingRow {
  entry_id: number;
  type: string;
  vault: string;
  path: string;
  title: string;
  line: number;
  target: string;
  context: string | null;
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
    `SELECT r.entry_id, r.type, v.name AS vault, s.path, s.title, r.line, r.target, r.context FROM relations r
     JOIN entries s ON s.id = r.entry_id JOIN vaults v ON v.id = s.vault_id
     WHERE s.vault_id = ? AND s.id <> ? AND ${visibleId('s.id')} AND r.target_key IN (${keys.map(() => '?').join(',')})
     ORDER BY s.path, r.line LIMIT ?`,
    [e.vault_id, e.id, ...keys, limit],
  );
  const shared = db.get(
    `SELECT 1 AS x FROM entries WHERE vault_id = ? AND id <> ? AND kind = 'note' AND (lower(title) = ? OR lower(permalink) = ?) LIMIT 1`,
    [e.vault_id, e.id, linkKey(e.title), e.permalink ? linkKey(e.permalink) : ''],
  ) !== undefined;
  if (!shared) return rows;
  const resolve = linkResolver(db, e.vault_id);
  return rows.filter((l) => resolve(l.target, l.path)?.path === e.path);
}

/** The ids of the notes that link to `e` (Dataview's `FROM [[e]]`). */
export function linkingIds(db: Db, e: Linked): number[] {
  return [...new Set(linkingRows(db, e, Number.MAX_SAFE_INTEGER).map((r) => r.entry_id))];
}

/** The ids of the notes and files `e` links to, each link resolved as a click on it would be (Dataview's `FROM outgoing([[e]])`). */
export function linkedIds(db: Db, e: Linked): number[] {
  const targets = db.column<string>('SELECT DISTINCT target FROM relations WHERE entry_id = ?', [e.id]);
  const paths = new Set<string>();
  const resolve = linkResolver(db, e.vault_id);
  for (const t of targets) {
    const hit = resolve(t, e.path);
    if (hit) paths.add(hit.path);
  }
  if (!paths.size) return [];
  return db.column<number>('SELECT id FROM entries WHERE vault_id = ? AND path IN (SELECT value FROM json_each(?))', [e.vault_id, JSON.stringify([...paths])]);
}
