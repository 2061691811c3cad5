// Per-query ranks of a known-item collection: where text mode (the search
// tool) and the plain-OR baseline put each query's answer, and hit@5 / MRR@10
// of both over the queries chosen.
//   npx tsx bench/eval/ranks.ts seekstone-nl-heldout [--from nh70] [--to nh120] [--fixed-openings] [--reuse-import]
// --fixed-openings: the openings as they were before derivation 4 (150
// characters as written), i.e. the text ranking of a68a9b6.
import { COLLECTIONS } from './collections';
import { loadCollection } from './harness';
import { plainOrMode } from './baseline';
import { toolMode } from './modes';
import { hitAt, mean, mrrAt } from './metrics';
import { QUERY_BOUNDS } from '../../worker/search/query-syntax';
import { rebuildLead } from '../../worker/text/fts-row';
import { FIXED_LEAD_SHAPE, leadText } from '../../worker/text/opening';

QUERY_BOUNDS.budgetMs = Number.POSITIVE_INFINITY;
const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? undefined : process.argv[i + 1];
};
const name = process.argv[2] ?? 'seekstone-nl';
const c = COLLECTIONS[name]?.();
if (!c) throw new Error(`no collection ${name} here`);
// Ids compare by their number (nh70 < nh100).
const num = (id: string) => Number(/\d+/.exec(id)?.[0] ?? NaN);
const from = arg('from');
const to = arg('to');
const chosen = c.queries.filter((q) => (!from || num(q.id) >= num(from)) && (!to || num(q.id) <= num(to)));
const { engine } = await loadCollection(c);
if (process.argv.includes('--fixed-openings')) rebuildLead(engine.db, { lead: (body) => leadText(body, FIXED_LEAD_SHAPE) });
const text = toolMode(engine, 'text');
const base = plainOrMode(engine);
const scores = { text: { hit: [] as number[], mrr: [] as number[] }, base: { hit: [] as number[], mrr: [] as number[] } };
for (const q of chosen) {
  const t = (await text(q.text)).map((p) => c.docKey(p) ?? '');
  const b = (await base(q.text)).map((p) => c.docKey(p) ?? '');
  const rank = (r: string[]) => {
    const k = r.findIndex((d) => q.gains.has(d));
    return k < 0 ? '-' : String(k + 1);
  };
  scores.text.hit.push(hitAt(t, q.gains, 5));
  scores.text.mrr.push(mrrAt(t, q.gains, 10));
  scores.base.hit.push(hitAt(b, q.gains, 5));
  scores.base.mrr.push(mrrAt(b, q.gains, 10));
  console.log(`${q.id}\ttext=${rank(t)}\tplain-or=${rank(b)}\t${q.text}\t=> ${[...q.gains.keys()].join(', ')}`);
}
const f3 = (x: number) => x.toFixed(3);
console.log(
  `${name} ${from ?? chosen[0]?.id}–${to ?? chosen[chosen.length - 1]?.id} (${chosen.length} queries): text hit@5 ${f3(mean(scores.text.hit))} MRR@10 ${f3(mean(scores.text.mrr))}; plain OR hit@5 ${f3(mean(scores.base.hit))} MRR@10 ${f3(mean(scores.base.mrr))}`,
);
engine.db.close();
