// Observations and relations in vector and hybrid modes. Items are single
// lines with no vectors of their own: by meaning, an item ranks where its
// note ranks (the similarity of the note's best passage to the query), and
// within a note by line. Hybrid fuses that ranking with the items' own text
// ranking exactly as notes are fused (hybrid.ts), so a line that says the
// words still comes first. Candidates come from SQL (scope, categories,
// valid time, the query's hard clauses) before any similarity is computed.
import type { EngineServices } from '../services';
import { toolError } from '../errors';
import { compileQuery } from './fts-query';
import { both, EXCLUSIONS_ONLY_NOTICE, FUSE_BLOCK, fuse, meaningText, RRF_K, vectorScope, VECTOR_WEIGHTS, vectorWeight, type NoticeCode } from './hybrid';
import { meaningPlan, vectorCut } from './meaning-criterion';
import { answeringTypes, itemsOfNotes, notesWithItems, searchItems, type ItemPage, type ItemRequest, type ItemRow } from './items';
import type { PageWindow } from './text';
import { vectorRank } from './vector';

export interface MeaningItemPage extends ItemPage {
  /** The mode that actually ran, when it differs (a query the model cannot read ranks by text). */
  mode?: 'text';
  notice?: string;
  notice_code?: NoticeCode;
  embeddings?: { model: string; complete: boolean };
}

const rowKey = (r: { type: string; id: number }) => (r.type === 'observation' ? r.id * 2 : r.id * 2 + 1);

export async function searchItemsByMeaning(mode: 'vector' | 'hybrid', req: ItemRequest, services: EngineServices): Promise<MeaningItemPage> {
  const embed = services.embed;
  if (!embed?.available) throw toolError('unsupported', `mode "${mode}" needs the embedding model, which is not running here; use mode "text".`, 'mode');
  const complete = embed.isCompleteIn(req.scope.parts.vaultId);
  const status = embed.status();
  const info = {
    embeddings: { model: status.model.id, complete },
    ...(complete ? {} : { notice_code: 'embeddings_incomplete' as const, notice: 'Embeddings are still being computed; items of notes not embedded yet are ranked by text.' }),
  };
  const words = meaningText(req.query);
  if (!words) return { ...searchItems(req), ...info, mode: 'text', ...(req.query.clauses.length ? { notice: EXCLUSIONS_ONLY_NOTICE, notice_code: 'query_exclusions_only' as const } : {}) };
  const q = await embed.queryVector(words);
  if (!q.ok) {
    if (q.reason === 'unavailable') throw toolError('unsupported', `${q.message} Use mode "text".`, 'mode');
    return { ...searchItems(req), ...info, mode: 'text', notice: q.message, notice_code: 'query_language' };
  }
  const compiled = compileQuery(req.query);
  const types = answeringTypes(req);
  const index = await embed.index();
  const want = req.window.offset + req.window.limit;
  const depth: PageWindow = { offset: 0, limit: FUSE_BLOCK * Math.max(1, Math.ceil(want / FUSE_BLOCK)) };
  // A note earns its items a place by meaning as a note earns its own (meaning-criterion.ts): nothing for a
  // query no note holds and the model cannot read, only notes holding a lone word, only notes near the best.
  const plan = meaningPlan(req.db, req.query, (w) => embed.knowsWord(w), vectorWeight(words) === VECTOR_WEIGHTS.short);
  const { reference } = vectorScope(req.scope, req.query, plan);
  const candidates = plan.kind === 'text-agrees' ? both(notesWithItems(req, types, compiled), plan.condition) : notesWithItems(req, types, compiled);
  // Enough notes to fill the page with their items, read in the same blocks as note fusion.
  const vec = index.size > 0 && types.length && plan.kind !== 'none' ? vectorRank(req.db, index, q.vector, candidates, depth.limit, vectorCut(embed.model), 'best', reference) : { hits: [], scored: 0 };
  const notes = vec.hits;
  // Every note that earned a place was read: the items by meaning are all there.
  const meaningWhole = vec.scored <= notes.length;
  const noteScore = new Map(notes.map((n) => [n.entryId, n.score]));
  const byMeaning = itemsOfNotes(req, types, notes.map((n) => n.entryId), compiled);

  if (mode === 'vector') {
    const rows: ItemRow[] = byMeaning.slice(req.window.offset, want).map((r) => ({ type: r.type, id: r.id, score: Math.round(noteScore.get(r.entryId)! * 10000) / 10000 }));
    // Items of notes beyond the depth read are not counted: then the total is a lower bound.
    return { rows, total: byMeaning.length, totalIsExact: meaningWhole, relaxed: false, compiled, ...info };
  }
  const text = searchItems({ ...req, window: depth });
  const parent = new Map(byMeaning.map((r) => [rowKey(r), r.entryId]));
  const fused = fuse(
    text.rows.map((r) => ({ entryId: rowKey(r), score: r.score })),
    byMeaning.map((r) => ({ entryId: rowKey(r), score: noteScore.get(r.entryId)! })),
    { k: RRF_K, alpha: vectorWeight(words), hasVectors: (key) => index.has(parent.get(key) ?? -1) },
  );
  const rows: ItemRow[] = fused.slice(req.window.offset, want).map((f) => ({
    type: f.entryId % 2 === 0 ? 'observation' : 'relation',
    id: Math.floor(f.entryId / 2),
    score: Math.round(f.score * 10000) / 10000,
  }));
  const exact = text.total <= text.rows.length && meaningWhole;
  return {
    rows,
    total: exact ? fused.length : Math.max(text.total, fused.length),
    totalIsExact: exact,
    relaxed: text.relaxed && text.total > 0,
    compiled: text.compiled,
    ...info,
  };
}
