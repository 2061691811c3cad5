// `npm run eval:experiments lead-text`: what a note's opening (fts_lead) holds
// and how it is scored, for questions over long notes (issue 16 §1). Each
// variant rebuilds fts_lead with a LeadShape (worker/text/opening.ts) and
// ranks with searchText() itself, only the opening's text, its weight or its
// scoring changed; the plain-OR baseline over the same index alongside.
// seekstone-nl-heldout was written before this tuning and never tuned on.
import type { Db } from '../../worker/db/database';
import { compileQuery } from '../../worker/search/fts-query';
import { parseQuery } from '../../worker/search/query-syntax';
import { LEAD_INDEX, LEAD_WEIGHT } from '../../worker/search/rank-sql';
import { searchText } from '../../worker/search/text';
import { createLeadTableSql } from '../../worker/text/fts-row';
import { indexText } from '../../worker/text/index-text';
import { FIXED_LEAD_SHAPE, LEAD_SHAPE, leadText, type LeadShape } from '../../worker/text/opening';
import { isStopWord } from '../../worker/text/stop-words';
import { plainOrMode } from './baseline';
import { COLLECTIONS, type Collection } from './collections';
import { evaluate, loadCollection, type EvalRow, type Loaded } from './harness';
import { expandedRanking } from './lead-feedback';

const ALL = { sql: '1', params: [] };
const f3 = (x: number) => x.toFixed(3);

function rebuildLead(db: Db, shape: LeadShape): void {
  db.tx(() => {
    db.exec('DROP TABLE IF EXISTS fts_lead');
    db.exec(createLeadTableSql());
    const rows = db.all<{ id: number; kind: string; body: string | null }>('SELECT e.id, e.kind, c.body FROM entries e LEFT JOIN contents c ON c.entry_id = e.id');
    for (const r of rows) db.run('INSERT INTO fts_lead (rowid, lead) VALUES (?, ?)', [r.id, indexText(r.kind === 'file' || r.body === null ? '' : leadText(r.body, shape))]);
    db.exec("INSERT INTO fts_lead(fts_lead) VALUES('optimize')");
  });
}

type Hits = NonNullable<(typeof LEAD_INDEX)['hits']>;

/** The opening's BM25 times (how many of the query's words it holds)^0.5: coordination within the opening. */
const coordinated: Hits = (words, t) => ({
  with: `WITH lead_hits (id, score) AS MATERIALIZED (SELECT rowid, bm25(${t}) * sqrt(${words.map(() => `(rowid IN (SELECT rowid FROM ${t} WHERE ${t} MATCH ?))`).join(' + ')}) FROM ${t} WHERE ${t} MATCH ?)`,
  params: [...words, words.join(' OR ')],
});

/** The opening's BM25 scaled up for long notes, whose whole-text BM25 their length holds down: × max(1, 1 + 0.5 ln(size / 2,000 bytes)). */
const bySize: Hits = (words, t) => ({
  with: `WITH lead_hits (id, score) AS MATERIALIZED (SELECT l.rowid, bm25(${t}) * max(1, 1 + 0.5 * ln(e.size / 2000.0)) FROM ${t} l JOIN entries e ON e.id = l.rowid WHERE ${t} MATCH ?)`,
  params: [words.join(' OR ')],
});

/** Words of the query besides stop words (what the ranking scores). */
function informativeWords(q: string): number {
  return compileQuery(parseQuery(q)).optional.filter((e) => !isStopWord(e.replace(/^"|"$/g, ''))).length;
}

interface Variant {
  label: string;
  shape: LeadShape;
  weight: number | ((q: string) => number);
  hits?: Hits;
  feedback?: boolean;
  /** An upper bound, not a ranking: for each query the best of these weights, chosen knowing its answer. */
  oracle?: number[];
}

const sentence = (from: number, chars: number): LeadShape => ({ chars, sentenceFrom: from, asides: true });

export const LEAD_TEXT_VARIANTS: Variant[] = [
  { label: 'no opening (before issue 16)', shape: FIXED_LEAD_SHAPE, weight: 0 },
  { label: '150 characters as written, weight 0.3 (shipped before)', shape: FIXED_LEAD_SHAPE, weight: 0.3 },
  { label: '150 characters as written, weight 0.4', shape: FIXED_LEAD_SHAPE, weight: 0.4 },
  { label: '150 characters, asides left out, weight 0.3', shape: { chars: 150, asides: true }, weight: 0.3 },
  { label: '150 characters, asides left out, weight 0.5', shape: { chars: 150, asides: true }, weight: 0.5 },
  { label: '200 characters, asides left out, weight 0.3', shape: { chars: 200, asides: true }, weight: 0.3 },
  { label: '200 characters, asides left out, weight 0.5', shape: { chars: 200, asides: true }, weight: 0.5 },
  { label: 'first sentence (60–200 characters) as written, weight 0.3', shape: { chars: 200, sentenceFrom: 60, asides: false }, weight: 0.3 },
  { label: 'first sentence (60–200), asides left out, weight 0.3', shape: LEAD_SHAPE, weight: 0.3 },
  { label: 'first sentence (60–200), asides left out, weight 0.4', shape: LEAD_SHAPE, weight: 0.4 },
  { label: 'first sentence (60–200), asides left out, weight 0.5', shape: LEAD_SHAPE, weight: 0.5 },
  { label: 'first sentence (40–200), asides left out, weight 0.3', shape: sentence(40, 200), weight: 0.3 },
  { label: 'first sentence (80–200), asides left out, weight 0.3', shape: sentence(80, 200), weight: 0.3 },
  { label: 'first sentence (60–150), asides left out, weight 0.3', shape: sentence(60, 150), weight: 0.3 },
  { label: 'first sentence (60–250), asides left out, weight 0.3', shape: sentence(60, 250), weight: 0.3 },
  { label: 'first sentence, weight 0.1 × the query\'s words (0.2–0.5)', shape: LEAD_SHAPE, weight: (q) => Math.min(0.5, Math.max(0.2, 0.1 * informativeWords(q))) },
  { label: 'first sentence, weight 0.3, coordination in the opening (× √ words held)', shape: LEAD_SHAPE, weight: 0.3, hits: coordinated },
  { label: 'first sentence, weight 0.4, coordination in the opening (× √ words held)', shape: LEAD_SHAPE, weight: 0.4, hits: coordinated },
  { label: 'first sentence, weight 0.3, opening scaled up for long notes', shape: LEAD_SHAPE, weight: 0.3, hits: bySize },
  { label: 'first sentence, the best weight for each query of 0, 0.3, 0.5, 1, 2, 4, 100 (knowing its answer: a bound, not a ranking)', shape: LEAD_SHAPE, weight: 0.3, oracle: [0, 0.3, 0.5, 1, 2, 4, 100] },
  { label: 'first sentence, weight 0.3, then feedback: 5 words of the top 3 openings re-score the top 200', shape: LEAD_SHAPE, weight: 0.3, feedback: true },
];

export async function leadTextTable(): Promise<string> {
  const names = ['cranfield', 'seekstone-kw', 'seekstone-nl', 'seekstone-nl-heldout', 'seekstone-paraphrase', 'ja-d365', 'ja-d365-heldout'];
  const cs = names.map((n) => COLLECTIONS[n]()).filter((c): c is Collection => c !== null);
  const engines = new Map<string, Loaded>();
  for (const c of cs) if (!engines.has(c.source.root)) engines.set(c.source.root, await loadCollection(c));
  const head = `| opening scored (\`npm run eval:experiments lead-text\`) | ${cs.map((c) => `${c.name} ${c.kind === 'graded' ? 'nDCG@10' : 'MRR@10'} | hit@5`).join(' | ')} |`;
  const lines = [head, `|---|${cs.map(() => '---:|---:').join('|')}|`];
  const cell = (c: Collection, r: EvalRow) => `${f3(c.kind === 'graded' ? r.ndcg10 : r.mrr10)} | ${f3(r.hit5)}`;
  const base: string[] = [];
  for (const c of cs) base.push(cell(c, await evaluate(c, 'plain-or', plainOrMode(engines.get(c.source.root)!.engine))));
  lines.push(`| plain OR (baseline) | ${base.join(' | ')} |`);
  const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7);
  const variants = only ? LEAD_TEXT_VARIANTS.filter((v) => only.split('|').some((o) => v.label.startsWith(o))) : LEAD_TEXT_VARIANTS;
  const out = new Map<Variant, string>();
  let built: LeadShape | null = null;
  // Variants sharing an opening share one rebuild.
  const order = [...variants].sort((a, b) => JSON.stringify(a.shape).localeCompare(JSON.stringify(b.shape)));
  for (const v of order) {
    if (built !== v.shape) for (const l of engines.values()) rebuildLead(l.engine.db, v.shape);
    built = v.shape;
    const cells: string[] = [];
    LEAD_INDEX.hits = v.hits;
    try {
      for (const c of cs) {
        const db = engines.get(c.source.root)!.engine.db;
        const paths = new Map(db.all<{ id: number; path: string }>('SELECT id, path FROM entries').map((r) => [r.id, r.path]));
        const weight = (q: string) => (typeof v.weight === 'number' ? v.weight : v.weight(q));
        const judged = new Map(c.queries.map((q) => [q.text, q.gains]));
        const firstHit = (paths: string[], q: string) => {
          const k = paths.findIndex((p) => judged.get(q)!.has(c.docKey(p) ?? ''));
          return k < 0 ? Infinity : k;
        };
        const ranked = (q: string, w: number) => searchText(db, ALL, parseQuery(q), { offset: 0, limit: 100 }, { leadWeight: w }).rows.map((r) => paths.get(r.id)!);
        const rank = (q: string) =>
          v.oracle
            ? v.oracle.map((w) => ranked(q, w)).reduce((best, x) => (firstHit(x, q) < firstHit(best, q) ? x : best))
            : v.feedback
            ? expandedRanking(db, q, weight(q)).map((id) => paths.get(id)!)
            : ranked(q, weight(q));
        cells.push(cell(c, await evaluate(c, v.label, rank)));
      }
    } finally {
      LEAD_INDEX.hits = undefined;
    }
    const shipped = v.shape === LEAD_SHAPE && v.weight === LEAD_WEIGHT && !v.hits && !v.feedback && !v.oracle;
    const shown = shipped ? cells.map((x) => x.split(' | ').map((y) => `**${y}**`).join(' | ')) : cells;
    out.set(v, `| ${shipped ? `**${v.label} (shipped)**` : v.label} | ${shown.join(' | ')} |`);
    console.error(out.get(v));
  }
  for (const v of variants) lines.push(out.get(v)!);
  for (const l of engines.values()) l.engine.db.close();
  return lines.join('\n');
}
