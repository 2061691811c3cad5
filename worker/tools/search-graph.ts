// The search tool's path for observations and relations (entity_types,
// categories, valid time). Entities asked for beside them come from the
// note ranking; both sides are read to the end of the page and merged by
// score, so paging neither repeats nor skips a hit.
import { hydrateHits, type SearchHit } from '../search/hits';
import { hydrateItemHits, type ItemHit } from '../search/item-hits';
import { answeringTypes, searchItems, type ItemPage, type ItemRequest, type ItemRow } from '../search/items';
import { searchItemsByMeaning, type MeaningItemPage } from '../search/items-meaning';
import type { ModeResult } from '../search/mode';
import type { ParsedQuery } from '../search/query-syntax';
import type { SearchScope } from '../search/scope';
import type { PageWindow } from '../search/text';
import type { ToolContext } from './define';
import { itemTypes, type GraphArgs } from './graph-args';

export type GraphHit = (SearchHit & { entity_type: 'entity' }) | ItemHit;

export interface GraphSearch {
  results: GraphHit[];
  total: number;
  relaxed: boolean;
  totalIsExact: boolean;
  /** Present (true) whenever a valid-time argument was given. */
  temporal_applied?: true;
  /** What the meaning modes report (embeddings, notice, the mode that ran). */
  extra: Record<string, unknown>;
}

export interface EntityRanking {
  /** Ranks notes and files for a window (the mode the search runs in). */
  (window: PageWindow): Promise<ModeResult>;
}

export async function searchGraph(
  ctx: ToolContext,
  g: GraphArgs,
  scope: SearchScope,
  query: ParsedQuery,
  window: PageWindow,
  opts: { mode: string; markers: [string, string]; fields?: string[]; rankEntities: EntityRanking },
): Promise<GraphSearch> {
  const types = itemTypes(g);
  // Valid time is answered by observations alone: notes do not carry it.
  const withEntities = g.types.includes('entity') && !g.validTime && !g.categories;
  const req = { db: ctx.db, scope, query, types, categories: g.categories, validTime: g.validTime };
  const temporal = g.validTime ? { temporal_applied: true as const } : {};
  const hydrate = (rows: readonly ItemRow[], highlight: { text: string; prefix: boolean }[]) =>
    hydrateItemHits(ctx.db, rows, { highlight, markers: opts.markers, temporal: g.validTime !== null });

  const rank = (r: ItemRequest): Promise<ItemPage | MeaningItemPage> =>
    opts.mode === 'vector' || opts.mode === 'hybrid' ? searchItemsByMeaning(opts.mode, r, ctx.services) : Promise.resolve(searchItems(r));
  const meaning = (p: ItemPage | MeaningItemPage | null) => {
    const m = (p ?? {}) as MeaningItemPage;
    return Object.fromEntries(Object.entries({ mode: m.mode, embeddings: m.embeddings, notice: m.notice, notice_code: m.notice_code }).filter(([, v]) => v !== undefined));
  };
  if (!withEntities) {
    const page = await rank({ ...req, window });
    return { results: hydrate(page.rows, page.compiled.highlight), total: page.total, totalIsExact: page.totalIsExact ?? true, relaxed: page.relaxed, ...temporal, extra: meaning(page) };
  }
  const depth: PageWindow = { offset: 0, limit: window.offset + window.limit };
  const items = answeringTypes(req).length ? await rank({ ...req, window: depth }) : null;
  const entities = await opts.rankEntities(depth);
  type Merged = { score: number; order: number; item?: ItemRow; entity?: ModeResult['rows'][number] };
  const merged: Merged[] = [
    ...entities.rows.map((e, i) => ({ score: e.score, order: i, entity: e })),
    ...(items?.rows ?? []).map((r, i) => ({ score: r.score, order: i, item: r })),
  ];
  // Higher score first; without words (scores 0) notes come before their items, each in its own order.
  merged.sort((a, b) => b.score - a.score || Number(!!a.item) - Number(!!b.item) || a.order - b.order);
  const pageRows = merged.slice(window.offset, window.offset + window.limit);
  const entityHits = hydrateHits(ctx.db, pageRows.flatMap((m) => (m.entity ? [m.entity] : [])), { highlight: entities.highlight, markers: opts.markers, fields: opts.fields });
  const itemHits = hydrate(pageRows.flatMap((m) => (m.item ? [m.item] : [])), items?.compiled.highlight ?? entities.highlight);
  let ei = 0;
  let ii = 0;
  const results: GraphHit[] = pageRows.map((m) => (m.entity ? { ...entityHits[ei++], entity_type: 'entity' as const } : itemHits[ii++]));
  return {
    results: results.filter(Boolean),
    total: entities.total + (items?.total ?? 0),
    totalIsExact: entities.totalIsExact && (items?.totalIsExact ?? true),
    relaxed: !!entities.relaxed && !!items?.relaxed,
    ...temporal,
    extra: { ...meaning(items), ...(entities.extra ?? {}) },
  };
}
