// `npm run eval:experiments common-cap`: how many notes a word may be in and
// still select candidates on its own (COMMON_NOTES in worker/search/text.ts).
// Above the cap a word only scores. Quality on every collection, and the mean
// number of candidates BM25 scores per query (what the cap saves), each cap
// over the same index in the same run.
import { parseQuery } from '../../worker/search/query-syntax';
import { COMMON_NOTES, searchText } from '../../worker/search/text';
import { COLLECTIONS, type Collection } from './collections';
import { evaluate, loadCollection, type Loaded } from './harness';
import { mean } from './metrics';

const ALL = { sql: '1', params: [] };
const f3 = (x: number) => x.toFixed(3);

export async function commonCapTable(caps = [5000, 2000, 1000, 500]): Promise<string> {
  const names = ['cranfield', 'seekstone-kw', 'seekstone-nl', 'seekstone-paraphrase', 'ja-d365', 'ja-d365-heldout'];
  const cs = names.map((n) => COLLECTIONS[n]()).filter((c): c is Collection => c !== null);
  const engines = new Map<string, Loaded>();
  for (const c of cs) if (!engines.has(c.source.root)) engines.set(c.source.root, await loadCollection(c));
  const head = `| notes a selecting word may be in | ${cs.map((c) => `${c.name} ${c.kind === 'graded' ? 'nDCG@10' : 'MRR@10'} | hit@5 | candidates`).join(' | ')} |`;
  const lines = [head, `|---:|${cs.map(() => '---:|---:|---:').join('|')}|`];
  for (const cap of caps) {
    const cells: string[] = [];
    for (const c of cs) {
      const db = engines.get(c.source.root)!.engine.db;
      const paths = new Map(db.all<{ id: number; path: string }>('SELECT id, path FROM entries').map((r) => [r.id, r.path]));
      const rank = (q: string) => searchText(db, ALL, parseQuery(q), { offset: 0, limit: 100 }, { commonNotes: cap }).rows.map((r) => paths.get(r.id)!);
      const row = await evaluate(c, String(cap), rank);
      // The cost the cap changes is how many candidates BM25 scores (each query's total): deterministic, unlike timings on a shared machine.
      const scored = c.queries.map((q) => searchText(db, ALL, parseQuery(q.text), { offset: 0, limit: 10 }, { commonNotes: cap }).total);
      cells.push(`${f3(c.kind === 'graded' ? row.ndcg10 : row.mrr10)} | ${f3(row.hit5)} | ${Math.round(mean(scored))}`);
    }
    lines.push(`| ${cap}${cap === COMMON_NOTES ? ' (shipped)' : ''} | ${cells.join(' | ')} |`);
    console.error(lines[lines.length - 1]);
  }
  for (const l of engines.values()) l.engine.db.close();
  return lines.join('\n');
}
