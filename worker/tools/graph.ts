// The graph tool (Basic Memory's build_context idea): a note's neighbourhood
// to a depth of 1-3, breadth first: notes and unresolved link targets as
// nodes, relations and wikilinks as typed edges in both directions. Bounded
// (max_nodes) with a truncated flag; valid_at and the other valid-time
// arguments choose which observations are shown with each note.
import { optInt, optVault, reqString } from '../args';
import type { Db } from '../db/database';
import { assertionsOf, validTimeCondition, type TemporalJson, type ValidTimeQuery } from '../query/valid-time';
import { resolveNoteRef, resolveVault, withoutMemoryScheme, type EntryRow } from '../resolve';
import { withoutTags } from '../search/item-hits';
import { defineTool } from './define';
import { parseGraphArgs } from './graph-args';
import { linkingRows, linkResolver } from '../search/links';
import { assertVisible, hiddenIds } from '../team/sql';

export interface GraphNode {
  /** `${vault}:${path}` for notes and files, `unresolved:${target}` for a link to nothing. */
  id: string;
  kind: 'note' | 'file' | 'unresolved';
  title: string;
  path: string | null;
  permalink: string | null;
  /** Steps from the root (0 for the root). */
  depth: number;
  /** Notes: their observations (with valid_at etc., only those that answer), at most MAX_OBSERVATIONS. */
  observations: { category: string; content: string; tags: string[]; context: string | null; line: number; temporal: TemporalJson[] }[];
  /** Present when the note has more answering observations than MAX_OBSERVATIONS (read_note lists them all). */
  observations_truncated?: true;
}

export interface GraphEdge {
  source: string;
  target: string;
  /** The relation type; plain [[wikilinks]] are "links_to". */
  type: string;
  /** Line in the source note. */
  line: number;
  context: string | null;
}

export interface GraphResult {
  root: string;
  depth: number;
  nodes: GraphNode[];
  edges: GraphEdge[];
  /** Nodes or edges were left out to stay within max_nodes. */
  truncated: boolean;
  temporal_applied?: true;
}

interface GraphInput {
  note: string;
  vault?: string;
  vaultKey: string;
  depth: number;
  maxNodes: number;
  validTime: ValidTimeQuery | null;
}

const MAX_OBSERVATIONS = 50;

export const graphTool = defineTool<GraphInput, GraphResult>({
  name: 'graph',
  aliases: ['build_context', 'bm_build_context'],
  description: 'The neighbourhood of a note: linked notes to a depth of 1 to 3 in both directions (relations, wikilinks and backlinks as typed edges, unresolved links as nodes), each note with its observations (at most 50 a note; observations_truncated says when there are more).',
  params: [
    { name: 'note', type: 'string', required: true, aliases: ['url', 'identifier', 'path'], description: 'The note: a vault-relative path, permalink or title, or a memory:// URL ("memory://specs/auth-design" or "memory://vault/specs/auth-design").' },
    { name: 'vault', type: 'string', aliases: ['project'], description: 'The vault; needed only when the note exists in several.' },
    { name: 'depth', type: 'integer', description: 'How many links away to go, 1 to 3 (default 1).' },
    { name: 'max_nodes', type: 'integer', description: 'At most this many nodes, 1 to 500 (default 100); beyond it the answer says truncated.' },
    { name: 'valid_at', type: 'string', description: 'Show only observations whose temporal qualifier holds at this date or instant.' },
    { name: 'valid_overlaps', type: 'string', description: 'Show only observations valid at some time in this range, e.g. "[2026-06-01,2026-08-01)".' },
    { name: 'time_kind', type: 'string', aliases: ['time_role'], description: 'Show only observations with an assertion of this kind.' },
  ],
  examples: [{ note: 'specs/auth-design.md', depth: 2 }, { note: 'memory://decisions/cache-layer', valid_at: '2026-07-28' }],
  parse(args) {
    const graph = parseGraphArgs(args);
    return {
      note: reqString(args, 'note'),
      ...optVault(args),
      depth: optInt(args, 'depth', 1, 3, 1),
      maxNodes: optInt(args, 'max_nodes', 1, 500, 100),
      validTime: graph.validTime,
    };
  },
  run({ db }, input) {
    const vault = resolveVault(db, input.vault, input.vaultKey);
    const root = resolveNoteRef(db, input.note, vault, 'note');
    assertVisible(db, root, withoutMemoryScheme(input.note), 'note');
    return neighbourhood(db, root, input);
  },
});

interface EdgeRow {
  source_id: number;
  target_id: number | null;
  target: string;
  type: string;
  line: number;
  context: string | null;
}

function neighbourhood(db: Db, root: EntryRow, input: GraphInput): GraphResult {
  const nodes = new Map<string, GraphNode>();
  const entryNode = new Map<number, string>();
  const edges = new Map<string, GraphEdge>();
  let truncated = false;
  const addEntry = (id: number, depth: number): string | null => {
    const known = entryNode.get(id);
    if (known) return known;
    if (nodes.size >= input.maxNodes) {
      truncated = true;
      return null;
    }
    const e = db.get<{ vault: string; path: string; title: string; kind: 'note' | 'file'; permalink: string | null }>(
      'SELECT v.name AS vault, e.path, e.title, e.kind, e.permalink FROM entries e JOIN vaults v ON v.id = e.vault_id WHERE e.id = ?', [id],
    )!;
    const key = `${e.vault}:${e.path}`;
    nodes.set(key, { id: key, kind: e.kind, title: e.title, path: e.path, permalink: e.permalink, depth, observations: [] });
    entryNode.set(id, key);
    return key;
  };
  const addUnresolved = (target: string, depth: number): string | null => {
    const key = `unresolved:${target}`;
    if (nodes.has(key)) return key;
    if (nodes.size >= input.maxNodes) {
      truncated = true;
      return null;
    }
    nodes.set(key, { id: key, kind: 'unresolved', title: target, path: null, permalink: null, depth, observations: [] });
    return key;
  };

  // Links from notes the local identity may not read are not shown; links to them resolve to nothing (resolveLinkFrom).
  const hidden = hiddenIds(db);
  const rootKey = addEntry(root.id, 0)!;
  let frontier = [root.id];
  for (let depth = 1; depth <= input.depth && frontier.length; depth++) {
    const seen = new Set(entryNode.keys());
    // More backlinks than nodes cannot all be shown: reading a few times max_nodes of them is enough.
    const links = linksOf(db, frontier, root.vault_id, input.maxNodes * 4);
    if (links.cut) truncated = true;
    for (const r of links.rows) {
      if (hidden.has(r.source_id)) continue;
      const from = addEntry(r.source_id, depth);
      const to = r.target_id !== null ? addEntry(r.target_id, depth) : addUnresolved(r.target, depth);
      if (!from || !to) continue;
      const key = `${from}>${to}>${r.type}>${r.line}`;
      if (!edges.has(key)) edges.set(key, { source: from, target: to, type: r.type, line: r.line, context: r.context });
    }
    // The notes first reached at this depth are where the next step starts.
    frontier = [...entryNode.keys()].filter((id) => !seen.has(id));
  }
  attachObservations(db, nodes, entryNode, input.validTime);
  return {
    root: rootKey,
    depth: input.depth,
    nodes: [...nodes.values()].sort((a, b) => a.depth - b.depth || a.id.localeCompare(b.id)),
    edges: [...edges.values()],
    truncated,
    ...(input.validTime ? { temporal_applied: true as const } : {}),
  };
}

/**
 * Every link out of and into these notes, within their vault, with the note
 * each one resolves to as read_note resolves it (worker/search/links.ts: a
 * name two notes answer to means the one in the linking note's top folder).
 * Backlinks are read at most `limit` a note; `cut` says when some were left.
 */
function linksOf(db: Db, ids: readonly number[], vaultId: number, limit: number): { rows: EdgeRow[]; cut: boolean } {
  const list = ids.map(() => '?').join(',');
  const resolve = linkResolver(db, vaultId);
  const idOf = (path: string) => db.get<{ id: number }>('SELECT id FROM entries WHERE vault_id = ? AND path = ?', [vaultId, path])?.id ?? null;
  const out = db
    .all<Omit<EdgeRow, 'target_id'> & { source_path: string }>(
      `SELECT r.entry_id AS source_id, e.path AS source_path, r.target, r.type, r.line, r.context
       FROM relations r JOIN entries e ON e.id = r.entry_id WHERE r.entry_id IN (${list}) ORDER BY r.entry_id, r.line, r.id`,
      [...ids],
    )
    .map(({ source_path, ...r }) => {
      const hit = resolve(r.target, source_path);
      return { ...r, target_id: hit ? idOf(hit.path) : null };
    });
  let cut = false;
  const incoming: EdgeRow[] = [];
  for (const e of db.all<EntryRow>(`SELECT id, vault_id, path, title, permalink FROM entries WHERE id IN (${list})`, [...ids])) {
    const rows = linkingRows(db, e, limit);
    if (rows.length >= limit) cut = true;
    for (const r of rows) incoming.push({ source_id: r.entry_id, target_id: e.id, target: r.target, type: r.type, line: r.line, context: r.context });
  }
  return { rows: [...out, ...incoming], cut };
}

function attachObservations(db: Db, nodes: Map<string, GraphNode>, entryNode: Map<number, string>, q: ValidTimeQuery | null): void {
  const ids = [...entryNode.keys()];
  if (!ids.length) return;
  const cond = q ? validTimeCondition(q, 'o') : { sql: '1', params: [] };
  const rows = db.all<{ id: number; entry_id: number; category: string; content: string; tags: string; context: string | null; line: number }>(
    `SELECT o.id, o.entry_id, o.category, o.content, o.tags, o.context, o.line FROM observations o
     WHERE o.entry_id IN (${ids.map(() => '?').join(',')}) AND ${cond.sql} ORDER BY o.entry_id, o.line`,
    [...ids, ...cond.params],
  );
  const temporal = assertionsOf(db, rows.map((r) => r.id));
  for (const r of rows) {
    const node = nodes.get(entryNode.get(r.entry_id)!)!;
    if (node.observations.length >= MAX_OBSERVATIONS) {
      node.observations_truncated = true;
      continue;
    }
    node.observations.push({ category: r.category, content: withoutTags(r.content), tags: JSON.parse(r.tags), context: r.context, line: r.line, temporal: temporal.get(r.id) ?? [] });
  }
}
