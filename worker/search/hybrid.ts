// Search by meaning: vector mode, and hybrid mode that fuses the text ranking
// with the vector ranking (see RRF_K). Notes the model cannot read
// (other scripts) or has not embedded yet keep their full text weight in
// place of a vector rank, and a query the model cannot read is ranked by
// text alone, so hybrid never ranks such notes worse than text mode does.
import type { Db } from '../db/database';
import type { EmbedService } from '../embed/service';
import { toolError } from '../errors';
import type { EngineServices } from '../services';
import { compileQuery } from './fts-query';
import type { ModeRequest, ModeResult, ModeRow, ModeRunner } from './mode';
import { highlightLeaves, type ParsedQuery } from './query-syntax';
import type { SearchScope, SqlCondition } from './scope';
import type { PageWindow } from './text';
import { rankText, textMode } from './text-mode';
import { meaningPlan, vectorCut, type MeaningPlan } from './meaning-criterion';
import { vectorRank, type Ranked } from './vector';
import type { NoteSimilarity } from '../embed/vector-index';
import { isStopWord } from '../text/stop-words';
import { VISIBLE } from '../team/sql';
import { hasVectors } from '../embed/store';

/**
 * Hybrid ranking is reciprocal-rank fusion with a small constant (k 10, so
 * the top ranks of each list weigh most) and a vector weight that depends on
 * the query: 0.05 for keywords (up to 5 words, none of them a stop word),
 * 0.3 for anything else. Sentence encoders read sentences; keywords
 * ("leaf cactus epiphytal") are better served by text, a described thing
 * ("bird of prey with a forked tail") by meaning. Chosen by measurement
 * (docs/embeddings.md, `npm run eval:experiments hybrid-weights`): keyword
 * queries keep text's MRR@10 (0.890; 0.867 with 0.1 up to 4 words), questions
 * and paraphrases gain over text; equal-weight RRF (k 60) loses a quarter of
 * the title and keyword queries' first places.
 * The variants it was measured against (score fusion among them) live in
 * bench/lib/fusion-variants.ts.
 */
export const RRF_K = 10;
/**
 * The vector side's weight: `short` for a keyword query (up to `shortWords`
 * words and, with `keywordsOnly`, no stop word in it), `long` for anything
 * else. An object so that measurements can vary it.
 */
export const VECTOR_WEIGHTS = { shortWords: 5, short: 0.05, long: 0.3, keywordsOnly: true };
/** Vector weight for a query as the model reads it (meaningText). */
export function vectorWeight(text: string): number {
  const words = text.trim().split(/\s+/);
  const keywords = words.length <= VECTOR_WEIGHTS.shortWords && !(VECTOR_WEIGHTS.keywordsOnly && words.some((w) => isStopWord(w.replace(/[^\p{L}\p{N}']/gu, ''))));
  return keywords ? VECTOR_WEIGHTS.short : VECTOR_WEIGHTS.long;
}
/** Default vector weight when a caller gives none. */
export const RRF_ALPHA = 0.3;

/**
 * Which passage gives a note its similarity on hybrid's vector side: its
 * opening (title and first paragraph: what the note is about), not its best
 * passage. Over a whole vault the best of a long note's hundreds of passages
 * lands near almost any question, so long notes crowded the vector side; by
 * opening, seekstone's questions and paraphrases gain (MRR@10 0.583 → 0.636,
 * 0.803 → 0.838) while Cranfield's short abstracts lose a little (nDCG@10
 * 0.377 → 0.369, text 0.367): docs/embeddings.md. It also scores one row per
 * note instead of every passage. An object so that measurements can vary it.
 */
export const NOTE_MEANING: { hybrid: NoteSimilarity } = { hybrid: 'opening' };

export interface FuseOptions {
  /** RRF constant. */
  k?: number;
  /** Weight of the vector side, 0-1 (the text side gets 1 - alpha). */
  alpha?: number;
  /** Whether a note has vectors; notes without get their text evidence on the vector side too. */
  hasVectors(entryId: number): boolean;
}

/** Fuses two rankings (best first) into one by weighted reciprocal rank, best first. Pure. */
export function fuse(text: readonly Ranked[], vector: readonly Ranked[], opts: FuseOptions): Ranked[] {
  const k = opts.k ?? RRF_K;
  const alpha = opts.alpha ?? RRF_ALPHA;
  return fuseScores(
    text.map((r, i) => (opts.hasVectors(r.entryId) ? 1 - alpha : 1) / (k + i + 1)),
    vector.map((_, i) => alpha / (k + i + 1)),
    text,
    vector,
  );
}

/** Adds each note's share of both sides (vector hits bring their best chunk), best first. Also used by the benchmarks' variants. */
export function fuseScores(textShare: readonly number[], vectorShare: readonly number[], text: readonly Ranked[], vector: readonly Ranked[]): Ranked[] {
  const fused = new Map<number, Ranked>();
  const add = (id: number, score: number, chunkId?: number) => {
    const cur = fused.get(id);
    if (cur) {
      cur.score += score;
      if (chunkId !== undefined) cur.chunkId = chunkId;
    } else fused.set(id, { entryId: id, score, ...(chunkId !== undefined ? { chunkId } : {}) });
  };
  text.forEach((r, i) => add(r.entryId, textShare[i]));
  vector.forEach((r, i) => add(r.entryId, vectorShare[i], r.chunkId));
  return [...fused.values()].sort((a, b) => b.score - a.score || a.entryId - b.entryId);
}

export interface MeaningExtra {
  /** The model and whether every note was embedded with it. */
  embeddings: { model: string; complete: boolean };
  /** The mode that ran when it differs from the one asked for (a query the model cannot read runs as text). */
  mode?: 'text';
  notice?: string;
  /** What the notice is about, so a UI can word it in its own language. */
  notice_code?: NoticeCode;
}

export type NoticeCode = 'embeddings_incomplete' | 'query_language' | 'query_exclusions_only';

/** Said when a query holds only excluded words: it lists the notes without them, by text. */
export const EXCLUSIONS_ONLY_NOTICE = 'The query has only excluded words (-word), so it lists the notes without them; there is nothing to search by meaning.';

/** Rankings are read in blocks of this many before fusing. */
export const FUSE_BLOCK = 200;

/**
 * How deep each ranking is read before fusing. Fused scores depend on the
 * depth (a note beyond it on one side gets nothing from that side), so the
 * depth is the same for every page within a block of FUSE_BLOCK hits: paging
 * through them never repeats or skips a note.
 */
export function depthFor(window: PageWindow): number {
  return FUSE_BLOCK * Math.max(1, Math.ceil((window.offset + window.limit) / FUSE_BLOCK));
}

/**
 * What the model reads of a query: its words and phrases, without syntax or
 * excluded words, in NFKC (half-width katakana, full-width Latin and
 * compatibility forms read as the index reads them).
 */
export function meaningText(query: ParsedQuery): string {
  return highlightLeaves(query).map((l) => l.text).join(' ').normalize('NFKC').trim();
}

/**
 * The scope as vector candidates: null when nothing restricts. The query's
 * hard clauses hold here too: -excluded words leave notes out, and a quoted
 * phrase is required, as in text mode.
 */
export function vectorCondition(scope: SearchScope, query: ParsedQuery): SqlCondition | null {
  const clauses = queryClauses(query);
  if (scope.condition.sql.trim() === '1') return clauses;
  return clauses ? both(scope.condition, clauses) : scope.condition;
}

/** The query's own hard clauses (a quoted phrase required, -excluded words) as a condition; null when none. */
export function queryClauses(query: ParsedQuery): SqlCondition | null {
  const { excluded, required } = compileQuery(query);
  const parts: SqlCondition[] = [];
  if (required.length) parts.push({ sql: 'e.id IN (SELECT rowid FROM fts WHERE fts MATCH ?)', params: [required.join(' AND ')] });
  if (excluded.length) parts.push({ sql: 'e.id NOT IN (SELECT rowid FROM fts WHERE fts MATCH ?)', params: [excluded.join(' OR ')] });
  if (!parts.length) return null;
  return { sql: parts.map((c) => `(${c.sql})`).join(' AND '), params: parts.flatMap((c) => c.params) };
}

/**
 * Which notes the vector side ranks (`condition`: the scope, the query's hard
 * clauses and the plan's text condition) and whose best sets the gap
 * (`reference`: the same without the scope; null: every note). A narrow
 * filter then never makes its closest note a hit whatever the query: a note
 * in scope must be near the best note anywhere (meaning-criterion.ts).
 */
export function vectorScope(scope: SearchScope, query: ParsedQuery, plan: MeaningPlan): { condition: SqlCondition | null; reference: SqlCondition | null } {
  const agrees = plan.kind === 'text-agrees' ? plan.condition : null;
  const scoped = vectorCondition(scope, query);
  // Notes hidden from the local identity (team spaces) never set the reference: what a viewer sees must not depend on them.
  const clauses = scope.parts.hidden ? both(queryClauses(query), { sql: VISIBLE, params: [] }) : queryClauses(query);
  return { condition: agrees ? both(scoped, agrees) : scoped, reference: agrees ? both(clauses, agrees) : clauses };
}

/** Both conditions (the first may be absent). */
export function both(a: SqlCondition | null, b: SqlCondition): SqlCondition {
  return a ? { sql: `(${a.sql}) AND (${b.sql})`, params: [...a.params, ...b.params] } : b;
}

/** Vector hits carry their best chunk's text: the snippet is cut from it. */
export function withPassages(db: Db, rows: readonly Ranked[]): ModeRow[] {
  const ids = rows.filter((r) => r.chunkId !== undefined).map((r) => r.chunkId!);
  const text = new Map<number, string>();
  if (ids.length) {
    for (const c of db.all<{ id: number; text: string }>(`SELECT id, text FROM chunks WHERE id IN (${ids.map(() => '?').join(',')})`, ids)) text.set(c.id, c.text);
  }
  return rows.map((r) => {
    const passage = r.chunkId !== undefined ? text.get(r.chunkId) : undefined;
    return { id: r.entryId, score: Math.round(r.score * 10000) / 10000, ...(passage ? { passage } : {}) };
  });
}

function embedService(services: EngineServices, mode: string): EmbedService {
  const embed = services.embed;
  if (!embed?.available) {
    throw toolError('unsupported', `mode "${mode}" needs the embedding model, which is not running here; use mode "text".`, 'mode');
  }
  return embed;
}

async function byMeaning(mode: 'vector' | 'hybrid', req: ModeRequest, again = true): Promise<ModeResult> {
  const { db, scope, query, window } = req;
  const embed = embedService(req.services, mode);
  const status = embed.status();
  // The model may be switched while this waits for the query's vector or the index: then the query
  // vector, the index and the cut may belong to different models, so the search starts over once.
  const switched = () => embed.model.id !== status.model.id;
  // A search scoped to a vault that is fully embedded is complete, though other vaults may still be embedding.
  const complete = embed.isCompleteIn(scope.parts.vaultId);
  const extra: MeaningExtra = { embeddings: { model: status.model.id, complete } };
  const incomplete = complete
    ? {}
    : {
        notice_code: 'embeddings_incomplete' as const,
        notice: `${embed.pausedForRun ? 'Embedding is off in this run (it was started with --no-embed)' : status.paused ? 'Embedding is paused' : 'Embeddings are still being computed'}${status.chunks_total ? ` (${status.chunks_done} of ${status.chunks_total} passages embedded)` : ''}; notes not embedded yet are ${mode === 'vector' ? 'missing from these results' : 'ranked by text'}.`,
      };
  const asText = (notice?: string, code: NoticeCode = 'query_language'): ModeResult => {
    const r = textMode(req) as ModeResult;
    return { ...r, extra: { ...extra, mode: 'text', ...(notice ? { notice, notice_code: code } : {}) } };
  };

  const words = meaningText(query);
  // Nothing to mean (an empty query lists the scope): that is text mode's listing; -word alone says so.
  if (!words) return query.clauses.length ? asText(EXCLUSIONS_ONLY_NOTICE, 'query_exclusions_only') : asText();
  // No vector of this model at all: nothing to compare with, so the model is not loaded to embed the query
  // (seconds, for an answer known already): vector mode has no hits, hybrid is the text ranking.
  if (!hasVectors(db, status.model.id)) {
    if (mode === 'hybrid') return { ...(textMode(req) as ModeResult), extra: { ...extra, ...incomplete } };
    return { rows: [], total: 0, totalIsExact: true, highlight: highlightLeaves(query).map((l) => ({ text: l.text, prefix: l.prefix })), extra: { ...extra, ...incomplete } };
  }
  const known = embed.knownQueryVector(words);
  // Outside the model's languages: the text ranking is the honest answer.
  if (known && !known.ok && known.reason === 'language') return asText(known.message);
  const depth = mode === 'vector' ? window.offset + window.limit : depthFor(window);
  // A new query is embedded in the model's worker (and a vector index not loaded yet loads in slices):
  // the text side runs here meanwhile, not after them. Hybrid ranks by openings (NOTE_MEANING), which
  // load before the rest of the index: it waits for them only.
  const pending = known ? Promise.resolve(known) : embed.queryVector(words);
  const loading = mode === 'hybrid' && NOTE_MEANING.hybrid === 'opening' ? embed.openingIndex() : embed.index();
  loading.catch(() => undefined); // awaited below unless the query fails first
  const text = mode === 'hybrid' ? rankText(db, scope, query, { offset: 0, limit: depth }) : null;
  const q = await pending;
  if (switched()) return again ? byMeaning(mode, req, false) : asText();
  if (!q.ok) {
    if (q.reason === 'unavailable') throw toolError('unsupported', `${q.message} Use mode "text".`, 'mode');
    return asText(q.message);
  }
  const index = await loading;
  if (switched()) return again ? byMeaning(mode, req, false) : asText();
  if (index.notes > 0 && index.dim !== q.vector.length) {
    throw toolError('internal', `The stored vectors have ${index.dim} dimensions but the model produces ${q.vector.length}.`, 'mode');
  }
  const plan = meaningPlan(db, query, (w) => embed.knowsWord(w), mode === 'hybrid' && vectorWeight(words) === VECTOR_WEIGHTS.short);
  const { condition, reference } = vectorScope(scope, query, plan);
  const cut = vectorCut(embed.model);
  // Hybrid reads a note's meaning from its opening (see NOTE_MEANING); vector mode from its best passage.
  const by = mode === 'hybrid' ? NOTE_MEANING.hybrid : 'best';
  const vec = index.notes > 0 && plan.kind !== 'none' ? vectorRank(db, index, q.vector, condition, depth, cut, by, reference) : { hits: [], scored: 0 };
  const highlight = highlightLeaves(query).map((l) => ({ text: l.text, prefix: l.prefix }));

  if (!text) {
    return {
      rows: withPassages(db, vec.hits.slice(window.offset, window.offset + window.limit)),
      total: vec.scored,
      totalIsExact: true,
      highlight,
      extra: { ...extra, ...incomplete },
    };
  }

  // The time budget cut the text side short: the fused page says so too.
  const timeCut = text.partial ? { partial: true } : {};
  if (!vec.hits.length) {
    // Meaning adds nothing here: the text ranking as it is, and its exact total.
    return {
      rows: text.rows.slice(window.offset, window.offset + window.limit),
      total: text.total,
      totalIsExact: true,
      relaxed: text.relaxed && text.total > 0,
      highlight: text.compiled.highlight.length ? text.compiled.highlight : highlight,
      ...(text.compiled.counts ? { termCounts: text.compiled.counts } : {}),
      extra: { ...extra, ...incomplete, ...timeCut },
    };
  }
  const fused = fuse(text.rows.map((r) => ({ entryId: r.id, score: r.score })), vec.hits, {
    k: RRF_K,
    alpha: vectorWeight(words),
    hasVectors: (id) => index.has(id),
  });
  // Every text match and every similar-enough note is a hit: exact when both sides were read whole,
  // otherwise a lower bound (each side's own total, and what was fused).
  const exact = text.total <= text.rows.length && vec.scored <= vec.hits.length;
  return {
    rows: withPassages(db, fused.slice(window.offset, window.offset + window.limit)),
    total: exact ? fused.length : Math.max(vec.scored, text.total, fused.length),
    totalIsExact: exact,
    // Loosened text matching only matters when it contributed hits.
    relaxed: text.relaxed && text.total > 0,
    highlight: text.compiled.highlight.length ? text.compiled.highlight : highlight,
    ...(text.compiled.counts ? { termCounts: text.compiled.counts } : {}),
    extra: { ...extra, ...incomplete, ...timeCut },
  };
}

/** Vector mode: notes by the similarity of their best passage, within the scope. */
export const vectorMode: ModeRunner = (req) => byMeaning('vector', req);
/** Hybrid mode: the text and vector rankings fused. */
export const hybridMode: ModeRunner = (req) => byMeaning('hybrid', req);

/**
 * The mode a search runs without `mode`: hybrid once the vaults it covers are
 * fully embedded (the one it is scoped to, or all), text before.
 */
export function defaultMode(services: EngineServices, vaultId?: number): 'text' | 'hybrid' {
  const embed = services.embed;
  return embed?.available && embed.isCompleteIn(vaultId) ? 'hybrid' : 'text';
}
