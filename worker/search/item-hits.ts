// Ranked observation and relation rows → the hits a caller sees: the item
// itself, its note (path, title, permalink), a snippet of its own text with
// the matched words marked and, for observations, their valid time.
import type { Db, SqlValue } from '../db/database';
import { ASSERTION_COLUMNS, temporalJson, type AssertionRow, type TemporalJson } from '../query/valid-time';
import type { ItemRow } from './items';
import { highlighter, makeSnippet, type HighlightTerm } from './snippet';
import { linkResolver } from './links';

interface ParentNote {
  vault: string;
  path: string;
  title: string;
  permalink: string | null;
  line: number;
  score: number;
  snippet: string;
}

export interface ObservationHit extends ParentNote {
  /** `${vault}:${path}#L${line}`: unique per hit (fetch mode returns notes only). */
  id: string;
  entity_type: 'observation';
  category: string;
  /** The text without its qualifier, tags and context. */
  content: string;
  tags: string[];
  context: string | null;
  /** With a valid-time argument: the assertions this observation carries. */
  temporal?: TemporalJson[];
}

export interface RelationHit extends ParentNote {
  /** `${vault}:${path}#L${line}/${n}`: the line's n-th relation (a line may link several notes, and hold an observation). */
  id: string;
  entity_type: 'relation';
  relation_type: string;
  /** The link target as written. */
  target: string;
  /** The note it resolves to in the same vault, null when none does. */
  target_path: string | null;
  target_title: string | null;
  unresolved?: true;
  context: string | null;
}

export type ItemHit = ObservationHit | RelationHit;

/** A relation's id: its line and its place among the line's relations, so that no two hits share one. */
function relationId(r: { vault: string; path: string; line: number; before: number }): string {
  return `${r.vault}:${r.path}#L${r.line}/${r.before + 1}`;
}

const HASHTAG = /(^|\s)#[\p{L}\p{N}_\-/]+/gu;

/** The observation text with its #tags taken out (they are in `tags`). */
export function withoutTags(content: string): string {
  return content.replace(HASHTAG, '$1').replace(/\s+/g, ' ').trim();
}

export function hydrateItemHits(db: Db, rows: readonly ItemRow[], opts: { highlight: HighlightTerm[]; markers: [string, string]; temporal: boolean }): ItemHit[] {
  if (!rows.length) return [];
  const hl = highlighter(opts.highlight);
  const snip = (text: string) => makeSnippet(text, hl, { open: opts.markers[0], close: opts.markers[1] });
  const obsIds = rows.filter((r) => r.type === 'observation').map((r) => r.id);
  const relIds = rows.filter((r) => r.type === 'relation').map((r) => r.id);
  const list = (ids: number[]) => ids.map(() => '?').join(',');
  const obs = new Map<number, { vault: string; path: string; title: string; permalink: string | null; line: number; category: string; content: string; tags: string; context: string | null }>();
  const temporal = opts.temporal ? new Map<number, TemporalJson[]>() : null;
  if (obsIds.length) {
    // With valid time, each observation's assertions come in the same statement (one row each, in written order).
    const withTime = temporal ? `, ${ASSERTION_COLUMNS.map((c) => `a.${c} AS a_${c}`).join(', ')}` : '';
    const join = temporal ? ' LEFT JOIN assertions a ON a.observation_id = o.id' : '';
    for (const o of db.all<{ id: number; vault: string; path: string; title: string; permalink: string | null; line: number; category: string; content: string; tags: string; context: string | null } & Record<string, SqlValue>>(
      `SELECT o.id, v.name AS vault, e.path, e.title, e.permalink, o.line, o.category, o.content, o.tags, o.context${withTime}
       FROM observations o JOIN entries e ON e.id = o.entry_id JOIN vaults v ON v.id = e.vault_id${join} WHERE o.id IN (${list(obsIds)})${temporal ? ' ORDER BY a.id' : ''}`,
      obsIds,
    )) {
      obs.set(o.id, o);
      if (!temporal) continue;
      const claims = temporal.get(o.id) ?? [];
      temporal.set(o.id, claims);
      if (o.a_kind !== null) claims.push(temporalJson(Object.fromEntries(ASSERTION_COLUMNS.map((c) => [c, o[`a_${c}`]])) as unknown as AssertionRow));
    }
  }
  type RelRow = { vault: string; vault_id: number; path: string; title: string; permalink: string | null; line: number; type: string; target: string; context: string | null; target_path: string | null; target_title: string | null; before: number };
  const rels = new Map<number, RelRow>();
  if (relIds.length) {
    // Each target resolved as read_note resolves it (links.ts), once per vault, link and top folder.
    const resolvers = new Map<number, ReturnType<typeof linkResolver>>();
    for (const r of db.all<RelRow & { id: number }>(
      `SELECT r.id, v.name AS vault, e.vault_id, e.path, e.title, e.permalink, r.line, r.type, r.target, r.context,
         (SELECT count(*) FROM relations b WHERE b.entry_id = r.entry_id AND b.line = r.line AND b.id < r.id) AS before
       FROM relations r JOIN entries e ON e.id = r.entry_id JOIN vaults v ON v.id = e.vault_id
       WHERE r.id IN (${list(relIds)})`,
      relIds,
    )) {
      let resolve = resolvers.get(r.vault_id);
      if (!resolve) resolvers.set(r.vault_id, (resolve = linkResolver(db, r.vault_id)));
      const hit = resolve(r.target, r.path);
      rels.set(r.id, { ...r, target_path: hit?.path ?? null, target_title: hit?.title ?? null });
    }
  }
  const hits: ItemHit[] = [];
  for (const row of rows) {
    if (row.type === 'observation') {
      const o = obs.get(row.id);
      if (!o) continue;
      const content = withoutTags(o.content);
      hits.push({
        id: `${o.vault}:${o.path}#L${o.line}`,
        entity_type: 'observation',
        vault: o.vault, path: o.path, title: o.title, permalink: o.permalink, line: o.line,
        category: o.category, content, tags: JSON.parse(o.tags), context: o.context,
        score: row.score,
        snippet: snip(content),
        ...(temporal ? { temporal: temporal.get(row.id) ?? [] } : {}),
      });
    } else {
      const r = rels.get(row.id);
      if (!r) continue;
      hits.push({
        id: relationId(r),
        entity_type: 'relation',
        vault: r.vault, path: r.path, title: r.title, permalink: r.permalink, line: r.line,
        relation_type: r.type, target: r.target, target_path: r.target_path, target_title: r.target_title,
        ...(r.target_path === null ? { unresolved: true as const } : {}),
        context: r.context,
        score: row.score,
        snippet: snip(`${r.type} ${r.target}`),
      });
    }
  }
  return hits;
}
