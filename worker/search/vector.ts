// Vector search: exact cosine similarity over the chunks of the notes that
// pass every filter and scope argument. The candidate notes come from SQL
// first (the scope condition), then only their chunks are scored, so a filter
// never starves the results the way post-filtering a global top-k does.
import type { Db, SqlValue } from '../db/database';
import type { VectorIndex } from '../embed/vector-index';
import { plainTerms } from './fts-query';
import { makeSnippet } from './snippet';

/** A boolean SQL expression over entries aliased `e`, parameters bound (see worker/query). */
export interface SqlCondition {
  sql: string;
  params: SqlValue[];
}

export interface Ranked {
  entryId: number;
  score: number;
  /** The chunk that decided a vector score; its text becomes the snippet. */
  chunkId?: number;
}

export interface VectorRanking {
  hits: Ranked[];
  /** Candidate notes with vectors: every one of them was scored. */
  scored: number;
}

/** Note ids passing the condition, or null when nothing restricts the search. */
export function candidateIds(db: Db, condition: SqlCondition | null): number[] | null {
  if (!condition) return null;
  return db.column<number>(`SELECT e.id FROM entries e WHERE e.kind = 'note' AND (${condition.sql})`, condition.params);
}

/** The `limit` most similar notes in scope; notes below `minScore` (unrelated for this model) are left out. */
export function vectorRank(db: Db, index: VectorIndex, query: ArrayLike<number>, condition: SqlCondition | null, limit: number, minScore?: number): VectorRanking {
  const candidates = candidateIds(db, condition);
  const { hits, scored } = index.search(query, candidates, limit, minScore);
  return { hits: hits.map((h) => ({ entryId: h.entryId, score: h.score, chunkId: h.chunkId })), scored };
}

export interface NoteHit {
  id: string;
  kind: 'note' | 'file';
  path: string;
  vault: string;
  title: string;
  type: string | null;
  permalink: string | null;
  tags: string[];
  score: number;
  snippet: string;
}

/**
 * Hits for ranked notes. A note's snippet is the chunk that matched by
 * meaning, with any query words marked; without one, the best text passage.
 * Notes deleted since the index was read are skipped.
 */
export function noteHits(db: Db, ranked: readonly Ranked[], query: string, markers: [string, string]): NoteHit[] {
  const words = plainTerms(query).map((t) => t.text);
  const opts = { open: markers[0], close: markers[1] };
  const out: NoteHit[] = [];
  for (const r of ranked) {
    const e = db.get<{ kind: 'note' | 'file'; path: string; vault: string; title: string; type: string | null; permalink: string | null; tags: string | null }>(
      `SELECT e.kind, e.path, v.name AS vault, e.title, e.type, e.permalink, e.tags FROM entries e JOIN vaults v ON v.id = e.vault_id WHERE e.id = ?`,
      [r.entryId],
    );
    if (!e) continue;
    let snippet: string | null = null;
    if (r.chunkId !== undefined) {
      const chunk = db.column<string>('SELECT text FROM chunks WHERE id = ? AND entry_id = ?', [r.chunkId, r.entryId])[0];
      if (chunk) snippet = makeSnippet(chunk, words, opts);
    }
    if (snippet === null) {
      const body = db.column<string>('SELECT body FROM contents WHERE entry_id = ?', [r.entryId])[0];
      snippet = body ? makeSnippet(body, words, opts) : e.path;
    }
    out.push({
      id: `${e.vault}:${e.path}`,
      kind: e.kind,
      path: e.path,
      vault: e.vault,
      title: e.title,
      type: e.type,
      permalink: e.permalink,
      tags: e.tags ? JSON.parse(e.tags) : [],
      score: Math.round(r.score * 10000) / 10000,
      snippet,
    });
  }
  return out;
}
