// `npm run eval:experiments hybrid-weights`: the vector side's weight in
// hybrid fusion by query length (VECTOR_WEIGHTS in worker/search/hybrid.ts),
// on the seekstone sets, through the search tool, beside plain OR and text
// mode in the same run. Vectors as in `npm run eval` (embed-modes.ts).
import { VECTOR_WEIGHTS } from '../../worker/search/hybrid';
import { QUERY_BOUNDS } from '../../worker/search/query-syntax';
import { plainOrMode } from './baseline';
import { COLLECTIONS, type Collection } from './collections';
import { embedOptions, prepareEmbeddings } from './embed-modes';
import { evaluate, loadCollection, type RankFn } from './harness';
import { toolMode } from './modes';

const f3 = (x: number) => x.toFixed(3);

export async function hybridWeightsTable(): Promise<string> {
  QUERY_BOUNDS.budgetMs = Number.POSITIVE_INFINITY;
  const cs = ['seekstone-kw', 'seekstone-nl', 'seekstone-paraphrase'].map((n) => COLLECTIONS[n]()).filter((c): c is Collection => c !== null);
  if (!cs.length) return 'skipped: seekstone-10k is not under ../shared';
  const { engine } = await loadCollection(cs[0], { engine: embedOptions });
  if (!(await prepareEmbeddings(engine, cs, (s) => console.error(s)))) return 'skipped: no embeddings';
  const shipped = { ...VECTOR_WEIGHTS };
  const settings: { label: string; w?: typeof shipped; rank?: RankFn }[] = [
    { label: 'plain OR (baseline)', rank: plainOrMode(engine) },
    { label: 'text mode', rank: toolMode(engine, 'text') },
    ...[
      { shortWords: 4, short: 0.1, long: 0.3, keywordsOnly: false },
      { shortWords: 4, short: 0.05, long: 0.3, keywordsOnly: false },
      { shortWords: 2, short: 0, long: 0.3, keywordsOnly: false },
      { shortWords: 4, short: 0, long: 0.3, keywordsOnly: false },
      { shortWords: 4, short: 0, long: 0.3, keywordsOnly: true },
      { shortWords: 5, short: 0, long: 0.3, keywordsOnly: true },
      { shortWords: 5, short: 0.05, long: 0.3, keywordsOnly: true },
      { shortWords: 5, short: 0, long: 0.4, keywordsOnly: true },
      { shortWords: 5, short: 0, long: 0.5, keywordsOnly: true },
    ].map((w) => ({ label: `hybrid: vector weight ${w.short} up to ${w.shortWords} words${w.keywordsOnly ? ' without stop words' : ''}, ${w.long} otherwise`, w })),
  ];
  const lines = [`| ranking | ${cs.map((c) => `${c.name} MRR@10 | hit@5`).join(' | ')} |`, `|---|${cs.map(() => '---:|---:').join('|')}|`];
  for (const s of settings) {
    if (s.w) Object.assign(VECTOR_WEIGHTS, s.w);
    const rank = s.rank ?? toolMode(engine, 'hybrid');
    const cells: string[] = [];
    for (const c of cs) {
      const row = await evaluate(c, s.label, rank);
      cells.push(`${f3(row.mrr10)} | ${f3(row.hit5)}`);
    }
    const same = s.w && Object.entries(s.w).every(([k, v]) => shipped[k as keyof typeof shipped] === v);
    lines.push(`| ${s.label}${same ? ' (before)' : ''} | ${cells.join(' | ')} |`);
    console.error(lines[lines.length - 1]);
  }
  Object.assign(VECTOR_WEIGHTS, shipped);
  engine.db.close();
  return lines.join('\n');
}
