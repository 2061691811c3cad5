// `npm run eval:experiments hybrid-fusion`: hybrid fusion variants on a fully
// embedded seekstone-10k (and Cranfield with --cranfield), beside plain OR
// and text mode. Each query's text ranking and vector similarities are
// computed once (hybrid-runs.ts); a variant only re-fuses them, so dozens
// are compared in one run. The shipped rule's variant is checked against
// the search tool's own hybrid results first: the harness measures what
// the engine does.
import { isStopWord } from '../../worker/text/stop-words';
import { fuse, RRF_K, VECTOR_WEIGHTS, vectorWeight } from '../../worker/search/hybrid';
import { builtinModel, DEFAULT_MODEL_ID } from '../../worker/embed/models';
import { QUERY_BOUNDS } from '../../worker/search/query-syntax';
import type { Ranked } from '../../worker/search/vector';
import { plainOrMode } from './baseline';
import { COLLECTIONS, type Collection } from './collections';
import { embedOptions, prepareEmbeddings } from './embed-modes';
import { loadCollection, type RankFn } from './harness';
import { gatherRuns, type QueryRun, type Runs } from './hybrid-runs';
import { hitAt, mean, mrrAt, ndcgAt } from './metrics';
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
}

const spec = builtinModel(DEFAULT_MODEL_ID)!;

/** The engine's rule as a variant (hybrid.ts, meaning-criterion.ts). */
export const SHIPPED: FusionVariant = {
  label: 'shipped',
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
  if (!run.vector.length) return text.map((r) => r.entryId);
  const penalty = v.lengthPenalty ?? 0;
  const hits = penalty && passages ? run.vector.map((h) => ({ ...h, score: h.score - penalty * Math.log(passages.get(h.id) ?? 1) })).sort((a, b) => b.score - a.score || a.id - b.id) : run.vector;
  const cut = Math.max(v.minScore, hits[0].score - v.maxGap);
  const vec: Ranked[] = [];
  for (const h of hits) {
    if (h.score < cut || vec.length >= v.vectorDepth) break;
    vec.push({ entryId: h.id, score: h.score, chunkId: h.chunkId });
  }
  if (!vec.length) return text.map((r) => r.entryId);
  const alpha = v.alpha(run);
  if (v.kText === v.kVector && !v.bySimilarity) return fuse(text, vec, { k: v.kText, alpha, hasVectors }).map((r) => r.entryId);
  const score = new Map<number, number>();
  const add = (id: number, s: number) => score.set(id, (score.get(id) ?? 0) + s);
  text.forEach((r, i) => add(r.entryId, (hasVectors(r.entryId) ? 1 - alpha : 1) / (v.kText + i + 1)));
  vec.forEach((r, i) => {
    const byRank = alpha / (v.kVector + i + 1);
    const w = v.bySimilarity ? (1 - v.bySimilarity) + v.bySimilarity * Math.min(1, (r.score - cut) / Math.max(1e-6, vec[0].score - cut)) : 1;
    add(r.entryId, byRank * w);
  });
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

/** The rules chosen from the grid, for the held-out report. */
export const CHOSEN: FusionVariant[] = [];

export function variantGrid(): FusionVariant[] {
  const v = (label: string, over: Partial<FusionVariant>): FusionVariant => ({ ...SHIPPED, ...over, label });
  const shape = (kw: number, q: number) => (r: QueryRun) => (isKeywords(r) ? kw : q);
  const out: FusionVariant[] = [SHIPPED];
  for (const q of [0.2, 0.25, 0.35, 0.4, 0.5]) out.push(v(`questions' vector weight ${q}`, { alpha: shape(0.05, q) }));
  for (const kw of [0, 0.1, 0.2]) out.push(v(`keywords' vector weight ${kw}`, { alpha: shape(kw, 0.3) }));
  for (const k of [5, 20, 30, 60]) out.push(v(`k ${k}`, { kText: k, kVector: k }));
  for (const k of [5, 20, 30]) out.push(v(`vector k ${k} (text k 10)`, { kVector: k }));
  for (const g of [0.06, 0.08, 0.1, 0.15, 0.2, 1]) out.push(v(`gap ${g}`, { maxGap: g }));
  for (const m of [0.2, 0.3, 0.35, 0.4]) out.push(v(`floor ${m}`, { minScore: m }));
  for (const d of [50, 100, 400]) out.push(v(`text depth ${d}`, { textDepth: d }));
  for (const d of [10, 20, 50, 100]) out.push(v(`vector depth ${d}`, { vectorDepth: d }));
  for (const s of [0.5, 1]) out.push(v(`vector share by similarity ${s}`, { bySimilarity: s }));
  for (const p of [0.005, 0.01, 0.02, 0.04]) out.push(v(`long-note penalty ${p} × ln(passages)`, { lengthPenalty: p }));
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
  const held = render((c) => HELD_OUT.has(c.name), [...fixed, variant(SHIPPED), ...CHOSEN.map(variant)]);
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
      console.error(`${c.name}\t${r.plan}\ttext ${t + 1 || '-'}\tvector ${v + 1 || '-'} (sim ${v >= 0 ? r.vector[v].score.toFixed(3) : '-'}, gap ${gap}, best ${r.vector[0]?.score.toFixed(3) ?? '-'})\thybrid ${f + 1 || '-'}\t${r.query.text}`);
    }
  }
}
