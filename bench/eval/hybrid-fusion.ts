// `npm run eval:experiments hybrid-fusion`: hybrid fusion variants on a fully
// embedded seekstone-10k (and Cranfield with --cranfield), beside plain OR
// and text mode. Each query's text ranking and vector similarities are
// computed once (hybrid-runs.ts); a variant only re-fuses them, so dozens
// are compared in one run. The shipped rule's variant is checked against
// the search tool's own hybrid results first: the harness measures what
// the engine does.
import { isStopWord } from '../../worker/text/stop-words';
import { fuse, NOTE_MEANING, RRF_K, VECTOR_WEIGHTS, vectorWeight } from '../../worker/search/hybrid';
import type { NoteSimilarity } from '../../worker/embed/vector-index';
import { builtinModel, DEFAULT_MODEL_ID } from '../../worker/embed/models';
import { QUERY_BOUNDS } from '../../worker/search/query-syntax';
import type { Ranked } from '../../worker/search/vector';
import { plainOrMode } from './baseline';
import { COLLECTIONS, type Collection } from './collections';
import { embedOptions, prepareEmbeddings } from './embed-modes';
import { loadCollection, type RankFn } from './harness';
import { gatherRuns, type QueryRun, type Runs } from './hybrid-runs';
import { hitAt, mean, mrrAt, ndcgAt, percentile } from './metrics';
import { toolMode } from './modes';

export interface FusionVariant {
  label: string;
  /** RRF constant of the text side and of the vector side. */
  kText: number;
  kVector: number;
  /** Vector weight for this query. */
  alpha(run: QueryRun): number;
  textDepth: number;
  vectorDepth: number;
  minScore: number;
  maxGap: number;
  /** Vector share by similarity above the cut instead of by rank (0: by rank only). */
  bySimilarity?: number;
  /** A note's similarity less this times ln(its passages): long notes have more chances at a high best passage. */
  lengthPenalty?: number;
  /**
   * Re-rank: the vector side ranks only text's first `pool` notes (by `signal`),
   * plus the `extra` notes most similar in the whole vault. Needs --passages.
   */
  pool?: number;
  extra?: number;
  /** A note's similarity: its best passage, its opening passage, or the better of best and opening + `openingBonus`. */
  signal?: 'best' | 'opening' | 'best-or-opening' | 'mix' | 'opening-or-penalized';
  openingBonus?: number;
  /** For `mix`: the opening's share of the similarity (the best passage has the rest). */
  openingShare?: number;
  /** The engine's note similarity (the kernel's lists); `signal` instead re-scores in float with --passages. */
  by?: NoteSimilarity;
  /** Vector mode: the vector side alone. */
  vectorOnly?: boolean;
  /** The vector side's first note, when ahead of the second by at least this, counts twice. */
  standout?: number;
}

function signalOf(run: QueryRun, v: FusionVariant, passages?: Map<number, number>): (id: number) => number {
  const best = run.best!;
  const opening = run.opening!;
  const penalty = v.lengthPenalty ?? 0;
  if (v.signal === 'opening-or-penalized') return (id) => Math.max(opening[id], best[id] - penalty * Math.log(passages?.get(id) ?? 1));
  if (v.signal === 'best' && penalty) return (id) => best[id] - penalty * Math.log(passages?.get(id) ?? 1);
  if (v.signal === 'opening') return (id) => opening[id];
  if (v.signal === 'best-or-opening') return (id) => Math.max(best[id], opening[id] + (v.openingBonus ?? 0));
  if (v.signal === 'mix') {
    const w = v.openingShare ?? 0.5;
    return (id) => w * opening[id] + (1 - w) * best[id];
  }
  return (id) => best[id];
}

const globalOrder = new WeakMap<QueryRun, Map<string, number[]>>();

/** The vector side of a re-ranking variant, best first, before the cut. */
function pooledVector(run: QueryRun, v: FusionVariant, passages?: Map<number, number>): { id: number; score: number }[] {
  const sig = signalOf(run, v, passages);
  const ids = new Set(run.text.slice(0, v.pool ?? 0).map((r) => r.id));
  const extra = v.pool === undefined ? Infinity : v.extra;
  if (extra) {
    const key = `${v.signal}:${v.openingBonus ?? 0}:${v.openingShare ?? 0}:${v.lengthPenalty ?? 0}`;
    let cache = globalOrder.get(run);
    if (!cache) globalOrder.set(run, (cache = new Map()));
    let order = cache.get(key);
    if (!order) {
      order = [];
      for (let id = 0; id < run.best!.length; id++) if (Number.isFinite(run.best![id])) order.push(id);
      order.sort((a, b) => sig(b) - sig(a) || a - b);
      cache.set(key, order);
    }
    for (const id of order.slice(0, extra)) ids.add(id);
  }
  return [...ids].map((id) => ({ id, score: sig(id) })).filter((h) => Number.isFinite(h.score)).sort((a, b) => b.score - a.score || a.id - b.id);
}

const spec = builtinModel(DEFAULT_MODEL_ID)!;

/** The engine's rule as a variant (hybrid.ts, meaning-criterion.ts). */
export const SHIPPED: FusionVariant = {
  label: `shipped (by ${NOTE_MEANING.hybrid})`,
  by: NOTE_MEANING.hybrid,
  kText: RRF_K,
  kVector: RRF_K,
  alpha: (r) => vectorWeight(r.words),
  textDepth: 200,
  vectorDepth: 200,
  minScore: spec.minScore!,
  maxGap: spec.maxGap!,
};

/** A variant's hybrid ranking of one query: entry ids, best first. Pure. */
export function fuseRun(run: QueryRun, v: FusionVariant, hasVectors: (id: number) => boolean, passages?: Map<number, number>): number[] {
  const text: Ranked[] = run.text.slice(0, v.textDepth).map((r) => ({ entryId: r.id, score: r.score }));
  const listed = v.by === 'opening' ? run.vectorOpening : run.vector;
  if (!listed.length) return text.map((r) => r.entryId);
  const penalty = v.lengthPenalty ?? 0;
  const hits = v.signal !== undefined && run.best ? pooledVector(run, v, passages) : penalty && passages ? listed.map((h) => ({ ...h, score: h.score - penalty * Math.log(passages.get(h.id) ?? 1) })).sort((a, b) => b.score - a.score || a.id - b.id) : listed;
  const cut = Math.max(v.minScore, hits[0].score - v.maxGap);
  const vec: Ranked[] = [];
  for (const h of hits) {
    if (h.score < cut || vec.length >= v.vectorDepth) break;
    const chunkId = (h as { chunkId?: number }).chunkId;
    vec.push({ entryId: h.id, score: h.score, ...(chunkId !== undefined ? { chunkId } : {}) });
  }
  if (v.vectorOnly) return vec.map((r) => r.entryId);
  if (!vec.length) return text.map((r) => r.entryId);
  const alpha = v.alpha(run);
  if (v.kText === v.kVector && !v.bySimilarity && !v.standout) return fuse(text, vec, { k: v.kText, alpha, hasVectors }).map((r) => r.entryId);
  const score = new Map<number, number>();
  const add = (id: number, s: number) => score.set(id, (score.get(id) ?? 0) + s);
  text.forEach((r, i) => add(r.entryId, (hasVectors(r.entryId) ? 1 - alpha : 1) / (v.kText + i + 1)));
  vec.forEach((r, i) => {
    const byRank = alpha / (v.kVector + i + 1);
    const w = v.bySimilarity ? (1 - v.bySimilarity) + v.bySimilarity * Math.min(1, (r.score - cut) / Math.max(1e-6, vec[0].score - cut)) : 1;
    add(r.entryId, byRank * w);
  });
  if (v.standout && vec.length > 1 && vec[0].score - vec[1].score >= v.standout) add(vec[0].entryId, alpha / (v.kVector + 1));
  return [...score.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([id]) => id);
}

export interface Scored {
  ndcg10: number;
  mrr10: number;
  hit5: number;
  hit10: number;
  empty: number;
}

export function scoreVariant(data: Runs, collections: readonly Collection[], ranked: (run: QueryRun) => readonly number[]): Map<string, Scored> {
  const out = new Map<string, Scored>();
  for (const c of collections) {
    const rows = data.runs.filter((r) => r.collection === c.name);
    const keyed = rows.map((r) => ({ r, list: ranked(r).slice(0, 100).map((id) => c.docKey(data.paths.get(id) ?? '') ?? '') }));
    out.set(c.name, {
      ndcg10: mean(keyed.map(({ r, list }) => ndcgAt(list, r.query.gains, 10))),
      mrr10: mean(keyed.map(({ r, list }) => mrrAt(list, r.query.gains, 10))),
      hit5: mean(keyed.map(({ r, list }) => hitAt(list, r.query.gains, 5))),
      hit10: mean(keyed.map(({ r, list }) => hitAt(list, r.query.gains, 10))),
      empty: mean(keyed.map(({ list }) => (list.length ? 0 : 1))),
    });
  }
  return out;
}

const f3 = (x: number) => x.toFixed(3);

/** Query shapes: a keyword query has up to `words` words and no stop word. */
export function isKeywords(run: QueryRun, words = VECTOR_WEIGHTS.shortWords): boolean {
  const ws = run.words.trim().split(/\s+/);
  return ws.length <= words && !ws.some((w) => isStopWord(w.replace(/[^\p{L}\p{N}']/gu, '')));
}

/** Similarity signals × weights × gaps × k (--passages --signals): hundreds of rows, for analysis. */
function signalGrid(v: (label: string, over: Partial<FusionVariant>) => FusionVariant, shape: (kw: number, q: number) => (r: QueryRun) => number): FusionVariant[] {
  const out: FusionVariant[] = [];
  const signals: [string, Partial<FusionVariant>][] = [
    ['best', { signal: 'best' }],
    ['best - 0.02 ln n', { signal: 'best', lengthPenalty: 0.02 }],
    ['opening', { signal: 'opening' }],
    ['max(opening, best - 0.02 ln n)', { signal: 'opening-or-penalized', lengthPenalty: 0.02 }],
    ['max(opening, best - 0.04 ln n)', { signal: 'opening-or-penalized', lengthPenalty: 0.04 }],
    ['0.5 opening + 0.5 best', { signal: 'mix', openingShare: 0.5 }],
  ];
  for (const [label, sig] of signals) {
    for (const gap of [0.08, 0.12, 0.2]) out.push(v(`vector mode by ${label}, gap ${gap}`, { ...sig, maxGap: gap, vectorOnly: true }));
    for (const q of [0.2, 0.25, 0.3, 0.35, 0.4]) {
      for (const gap of [0.1, 0.12, 0.15, 0.2, 1]) {
        for (const k of [5, 10, 20]) out.push(v(`${label}; questions' weight ${q}; gap ${gap}; k ${k}`, { ...sig, alpha: shape(0.05, q), maxGap: gap, kText: k, kVector: k }));
      }
    }
  }
  return out;
}

/** The rule before issue 16's whole-vault measurement (best passage), and the chosen ones, for the held-out report. */
export const BEFORE: FusionVariant = { ...SHIPPED, label: 'before: by best passage', by: 'best' };
export const CHOSEN: FusionVariant[] = [{ ...SHIPPED, label: 'by opening (chosen)', by: 'opening' }];

/**
 * The variants of docs/embeddings.md's table: the rule before, the chosen one
 * and its neighbours (weights, k, gap), and other ways to give a note its
 * similarity (float re-scoring, with --passages). --wide: the first, wider
 * sweep around the rule before; --signals: signals × weights × gaps × k.
 */
export function variantGrid(): FusionVariant[] {
  const v = (label: string, over: Partial<FusionVariant>): FusionVariant => ({ ...SHIPPED, ...over, label });
  const shape = (kw: number, q: number) => (r: QueryRun) => (isKeywords(r) ? kw : q);
  const passages = process.argv.includes('--passages');
  if (passages && process.argv.includes('--signals')) return signalGrid(v, shape);
  if (process.argv.includes('--wide')) return wideGrid(v, shape);
  const out: FusionVariant[] = [BEFORE];
  for (const q of [0.2, 0.4]) out.push(v(`by best passage, questions' weight ${q}`, { by: 'best', alpha: shape(0.05, q) }));
  out.push(v('by best passage, gap 0.2', { by: 'best', maxGap: 0.2 }));
  if (passages) {
    out.push(v('by best passage less 0.02 × ln(passages)', { signal: 'best', lengthPenalty: 0.02 }));
    out.push(v('by the better of opening and best passage less 0.02 × ln(passages)', { signal: 'opening-or-penalized', lengthPenalty: 0.02 }));
    out.push(v('by 0.5 × opening + 0.5 × best passage', { signal: 'mix', openingShare: 0.5 }));
    out.push(v("by opening, only among text's first 200 (re-ranking)", { signal: 'opening', pool: 200, extra: 0 }));
  }
  out.push({ ...CHOSEN[0] });
  for (const q of [0.2, 0.4]) out.push(v(`by opening, questions' weight ${q}`, { by: 'opening', alpha: shape(0.05, q) }));
  out.push(v("by opening, keywords' weight 0.2", { by: 'opening', alpha: shape(0.2, 0.3) }));
  for (const k of [5, 20]) out.push(v(`by opening, k ${k}`, { by: 'opening', kText: k, kVector: k }));
  for (const g of [0.08, 0.2]) out.push(v(`by opening, gap ${g}`, { by: 'opening', maxGap: g }));
  return out;
}

function wideGrid(v: (label: string, over: Partial<FusionVariant>) => FusionVariant, shape: (kw: number, q: number) => (r: QueryRun) => number): FusionVariant[] {
  const out: FusionVariant[] = [SHIPPED, ...(SHIPPED.by === BEFORE.by ? [] : [BEFORE])];
  for (const q of [0.2, 0.25, 0.35, 0.4, 0.5]) out.push(v(`questions' vector weight ${q}`, { alpha: shape(0.05, q) }));
  for (const kw of [0, 0.1, 0.2]) out.push(v(`keywords' vector weight ${kw}`, { alpha: shape(kw, 0.3) }));
  for (const k of [5, 20, 30, 60]) out.push(v(`k ${k}`, { kText: k, kVector: k }));
  for (const k of [3, 5, 7, 20, 30]) out.push(v(`vector k ${k} (text k 10)`, { kVector: k }));
  for (const g of [0.06, 0.08, 0.1, 0.15, 0.2, 1]) out.push(v(`gap ${g}`, { maxGap: g }));
  for (const m of [0.2, 0.3, 0.35, 0.4]) out.push(v(`floor ${m}`, { minScore: m }));
  for (const d of [50, 100, 400]) out.push(v(`text depth ${d}`, { textDepth: d }));
  for (const d of [10, 20, 50, 100]) out.push(v(`vector depth ${d}`, { vectorDepth: d }));
  for (const s of [0.5, 1]) out.push(v(`vector share by similarity ${s}`, { bySimilarity: s }));
  for (const p of [0.005, 0.01, 0.02, 0.04]) out.push(v(`long-note penalty ${p} × ln(passages)`, { lengthPenalty: p }));
  for (const m of [0.01, 0.02, 0.03, 0.05]) out.push(v(`the vector side's first note counts twice when ahead by ${m}`, { standout: m }));
  if (!process.argv.includes('--passages')) return out;
  for (const signal of ['best', 'opening', 'best-or-opening'] as const) {
    for (const pool of [10, 20, 50, 200]) {
      for (const extra of [0, 1, 3, 10]) {
        out.push(v(`re-rank text's top ${pool} by ${signal}${signal === 'best-or-opening' ? ' + 0.05' : ''}, + ${extra} from the vault`, { pool, extra, signal, openingBonus: 0.05 }));
      }
    }
  }
  return out;
}

interface Group {
  collections: Collection[];
  data: Runs;
  /** The fixed rankings (plain OR, text, vector mode), by query. */
  fixed: Map<string, (r: QueryRun) => readonly number[]>;
}

/** Imports a corpus, embeds it, gathers its runs and checks the shipped variant against the search tool. */
async function loadGroup(cs: Collection[]): Promise<Group | null> {
  const { engine } = await loadCollection(cs[0], { engine: embedOptions });
  if (!(await prepareEmbeddings(engine, cs, (s) => console.error(s)))) return null;
  await engine.embed!.runToCompletion();
  const t0 = performance.now();
  const data = await gatherRuns(engine, cs);
  console.error(`${cs[0].source.name}: gathered ${data.runs.length} queries over ${data.index.size} passages of ${data.index.notes} notes in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const hasVectors = (id: number) => data.index.has(id);
  // The harness must rank as the engine does: the shipped variant against the search tool.
  const tool = toolMode(engine, 'hybrid');
  let differ = 0;
  for (const r of data.runs) {
    const want = (await tool(r.query.text)).slice(0, 100);
    const got = fuseRun(r, SHIPPED, hasVectors).slice(0, 100).map((id) => data.paths.get(id)!);
    if (want.join('\n') !== got.join('\n')) {
      differ++;
      console.error(`differs from the tool: ${r.collection} ${JSON.stringify(r.query.text)}`);
    }
  }
  console.error(`${cs[0].source.name}: shipped variant vs the search tool: ${data.runs.length - differ} of ${data.runs.length} queries identical`);
  const ids = new Map([...data.paths].map(([id, p]) => [p, id]));
  const fixed = new Map<string, (r: QueryRun) => readonly number[]>();
  for (const [label, rank] of [
    ['plain OR (baseline)', plainOrMode(engine)],
    ['text mode', toolMode(engine, 'text')],
    ['vector mode', toolMode(engine, 'vector')],
  ] as [string, RankFn][]) {
    const lists = new Map<QueryRun, number[]>();
    for (const r of data.runs) lists.set(r, (await rank(r.query.text)).map((p) => ids.get(p)!));
    fixed.set(label, (r) => lists.get(r)!);
  }
  if (process.argv.includes('--diagnose')) diagnose(data, cs);
  if (process.argv.includes('--calibrate')) calibrate(data, cs);
  engine.db.close();
  return { collections: cs, data, fixed };
}

/** Collections by corpus: seekstone's sets, and Cranfield with --cranfield. */
function groups(): Collection[][] {
  const names = [['seekstone-kw', 'seekstone-nl', 'seekstone-paraphrase', 'seekstone-nomatch', ...(COLLECTIONS['seekstone-nl-heldout'] ? ['seekstone-nl-heldout'] : [])]];
  if (process.argv.includes('--cranfield')) names.unshift(['cranfield']);
  return names.map((g) => g.map((n) => COLLECTIONS[n]()).filter((c): c is Collection => c !== null)).filter((g) => g.length > 0);
}

/** Never tuned on: scored only for the rule shipped before and the chosen one (--heldout). */
export const HELD_OUT = new Set(['seekstone-nl-heldout']);

export async function hybridFusionTable(): Promise<string> {
  QUERY_BOUNDS.budgetMs = Number.POSITIVE_INFINITY;
  const loaded: Group[] = [];
  for (const g of groups()) {
    const l = await loadGroup(g);
    if (l) loaded.push(l);
  }
  if (!loaded.length) return 'skipped: no corpus under ../shared';
  const cell = (c: Collection, s: Scored) => (c.kind === 'graded' ? `${f3(s.ndcg10)} | ${f3(s.mrr10)}` : c.kind === 'no-match' ? f3(s.empty) : `${f3(s.mrr10)} | ${f3(s.hit5)}`);
  const headOf = (c: Collection) => (c.kind === 'graded' ? `${c.name} nDCG@10 | MRR@10` : c.kind === 'no-match' ? `${c.name} 0 results` : `${c.name} MRR@10 | hit@5`);
  const render = (which: (c: Collection) => boolean, labels: [string, (g: Group) => Map<string, Scored>][]) => {
    const all = loaded.flatMap((g) => g.collections).filter(which);
    const lines = [`| ranking | ${all.map(headOf).join(' | ')} |`, `|---|${all.map((c) => (c.kind === 'no-match' ? '---:' : '---:|---:')).join('|')}|`];
    for (const [label, score] of labels) {
      const cells = loaded.flatMap((g) => {
        const s = score(g);
        return g.collections.filter(which).map((c) => cell(c, s.get(c.name)!));
      });
      lines.push(`| ${label} | ${cells.join(' | ')} |`);
      console.error(lines[lines.length - 1]);
    }
    return lines.join('\n');
  };
  const fixed = ['plain OR (baseline)', 'text mode', 'vector mode'].map((label) => [label, (g: Group) => scoreVariant(g.data, g.collections, g.fixed.get(label)!)] as [string, (g: Group) => Map<string, Scored>]);
  const variant = (v: FusionVariant): [string, (g: Group) => Map<string, Scored>] => [`hybrid: ${v.label}`, (g) => scoreVariant(g.data, g.collections, (r) => fuseRun(r, v, (id) => g.data.index.has(id), g.data.passages))];
  const tuned = render((c) => !HELD_OUT.has(c.name), [...fixed, ...variantGrid().map(variant)]);
  if (!process.argv.includes('--heldout')) return tuned;
  const held = render((c) => HELD_OUT.has(c.name), [...fixed, variant(BEFORE), ...CHOSEN.map(variant)]);
  return `${tuned}\n\nHeld out (never tuned on):\n\n${held}`;
}

/** Per judged query: where its answer sits in the text ranking, the vector ranking and the shipped fusion. */
function diagnose(data: Runs, cs: readonly Collection[]): void {
  const hasVectors = (id: number) => data.index.has(id);
  for (const c of cs) {
    if (c.kind === 'no-match' || HELD_OUT.has(c.name)) continue;
    for (const r of data.runs.filter((x) => x.collection === c.name)) {
      const isAnswer = (id: number) => (r.query.gains.get(c.docKey(data.paths.get(id) ?? '') ?? '') ?? 0) > 0;
      const t = r.text.findIndex((x) => isAnswer(x.id));
      const v = r.vector.findIndex((x) => isAnswer(x.id));
      const f = fuseRun(r, SHIPPED, hasVectors).findIndex(isAnswer);
      const gap = v >= 0 ? (r.vector[0].score - r.vector[v].score).toFixed(3) : '-';
      let opening = '-';
      if (r.opening) {
        const answer = [...r.query.gains.keys()].map((k) => [...data.paths].find(([, p]) => c.docKey(p) === k)?.[0]).find((id) => id !== undefined);
        if (answer !== undefined) opening = String(1 + Array.from(r.opening).filter((x) => x > r.opening![answer]).length);
      }
      console.error(`${c.name}\t${r.plan}\ttext ${t + 1 || '-'}\tvector ${v + 1 || '-'} (sim ${v >= 0 ? r.vector[v].score.toFixed(3) : '-'}, gap ${gap}, best ${r.vector[0]?.score.toFixed(3) ?? '-'})\topening ${opening}\thybrid ${f + 1 || '-'}\t${r.query.text}`);
    }
  }
}

/** How far below the best note the judged note scores, by best passage and by opening passage (judged notes in the top 50; tuning sets only). */
function calibrate(data: Runs, cs: readonly Collection[]): void {
  const pct = (xs: number[]) => [50, 75, 90, 95, 100].map((k) => percentile(xs, k).toFixed(3)).join(' / ');
  for (const c of cs) {
    if (c.kind === 'no-match' || HELD_OUT.has(c.name)) continue;
    for (const signal of ['best', 'opening'] as const) {
      const gaps: number[] = [];
      const tops: number[] = [];
      for (const r of data.runs.filter((x) => x.collection === c.name && x.best)) {
        const sims = signal === 'best' ? r.best! : r.opening!;
        const order = [...sims.keys()].filter((id) => Number.isFinite(sims[id])).sort((a, b) => sims[b] - sims[a]).slice(0, 50);
        tops.push(sims[order[0]]);
        const t = order.find((id) => (r.query.gains.get(c.docKey(data.paths.get(id) ?? '') ?? '') ?? 0) > 0);
        if (t !== undefined) gaps.push(sims[order[0]] - sims[t]);
      }
      console.error(`calibrate ${c.name} by ${signal}: best p50/75/90/95/100 ${pct(tops)}; judged in top 50: ${gaps.length} of ${tops.length}, best − judged p50/75/90/95/100 ${pct(gaps)}`);
    }
  }
}
