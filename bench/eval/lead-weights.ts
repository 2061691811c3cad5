// `npm run eval:experiments lead`: how much of a note's opening fts_lead
// holds (characters as written) and how much a match there counts beside the
// note's whole text. Each variant rebuilds fts_lead at its length and ranks
// with searchText() itself; weight 0 is the ranking before issue 16. Every
// collection, the plain-OR baseline alongside. The first table of openings
// (150 characters at 0.3 shipped then); what replaced it: lead-text.ts.
import type { Db } from '../../worker/db/database';
import { parseQuery } from '../../worker/search/query-syntax';
import { searchText } from '../../worker/search/text';
import { createLeadTableSql } from '../../worker/text/fts-row';
import { leadText } from '../../worker/text/opening';
import { indexText } from '../../worker/text/index-text';
import { plainOrMode } from './baseline';
import { COLLECTIONS, type Collection } from './collections';
import { evaluate, loadCollection, type EvalRow, type Loaded } from './harness';

const ALL = { sql: '1', params: [] };
const f3 = (x: number) => x.toFixed(3);

function rebuildLead(db: Db, chars: number): void {
  db.tx(() => {
    db.exec('DROP TABLE IF EXISTS fts_lead');
    db.exec(createLeadTableSql());
    const rows = db.all<{ id: number; body: string | null }>('SELECT e.id, c.body FROM entries e LEFT JOIN contents c ON c.entry_id = e.id');
    for (const r of rows) db.run('INSERT INTO fts_lead (rowid, lead) VALUES (?, ?)', [r.id, indexText(leadText(r.body ?? '', { chars, asides: false }))]);
  });
}

export async function leadWeightsTable(): Promise<string> {
  const names = ['cranfield', 'seekstone-kw', 'seekstone-nl', 'seekstone-paraphrase', 'ja-d365', 'ja-d365-heldout'];
  const cs = names.map((n) => COLLECTIONS[n]()).filter((c): c is Collection => c !== null);
  const engines = new Map<string, Loaded>();
  for (const c of cs) if (!engines.has(c.source.root)) engines.set(c.source.root, await loadCollection(c));
  const variants: { label: string; chars: number; weight: number; pairs?: boolean }[] = [
    { label: 'no opening (before issue 16)', chars: 150, weight: 0 },
    ...[
      [150, 0.2],
      [150, 0.3],
      [150, 0.5],
      [100, 0.3],
      [200, 0.3],
      [300, 0.2],
      [300, 0.3],
      [300, 0.5],
      [300, 1],
      [600, 0.3],
      [1000, 0.3],
    ].map(([chars, weight]) => ({ label: `${chars} characters, weight ${weight}`, chars, weight })),
    { label: 'no opening; adjacent word pairs score as phrases', chars: 150, weight: 0, pairs: true },
    { label: '150 characters, weight 0.3; adjacent word pairs score as phrases', chars: 150, weight: 0.3, pairs: true },
  ];
  const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7);
  if (only) variants.splice(0, variants.length, ...variants.filter((x) => only.split('|').some((o) => x.label.startsWith(o))));
  const head = `| opening scored | ${cs.map((c) => `${c.name} ${c.kind === 'graded' ? 'nDCG@10' : 'MRR@10'} | hit@5`).join(' | ')} |`;
  const lines = [head, `|---|${cs.map(() => '---:|---:').join('|')}|`];
  const cell = (c: Collection, r: EvalRow) => `${f3(c.kind === 'graded' ? r.ndcg10 : r.mrr10)} | ${f3(r.hit5)}`;
  const base: string[] = [];
  for (const c of cs) base.push(cell(c, await evaluate(c, 'plain-or', plainOrMode(engines.get(c.source.root)!.engine))));
  lines.push(`| plain OR (baseline) | ${base.join(' | ')} |`);
  const out = new Map<(typeof variants)[number], string>();
  let built = -1;
  for (const v of [...variants].sort((a, b) => a.chars - b.chars)) {
    if (v.chars !== built) for (const l of engines.values()) rebuildLead(l.engine.db, v.chars);
    built = v.chars;
    const cells: string[] = [];
    for (const c of cs) {
      const db = engines.get(c.source.root)!.engine.db;
      const paths = new Map(db.all<{ id: number; path: string }>('SELECT id, path FROM entries').map((r) => [r.id, r.path]));
      const rank = (q: string) => searchText(db, ALL, parseQuery(q), { offset: 0, limit: 100 }, { leadWeight: v.weight, pairs: v.pairs }).rows.map((r) => paths.get(r.id)!);
      cells.push(cell(c, await evaluate(c, v.label, rank)));
    }
    const shipped = v.chars === 150 && v.weight === 0.3 && !v.pairs ? ' (shipped until the first-sentence openings)' : '';
    out.set(v, `| ${v.label}${shipped} | ${cells.join(' | ')} |`);
    console.error(out.get(v));
  }
  for (const v of variants) lines.push(out.get(v)!);
  for (const l of engines.values()) l.engine.db.close();
  return lines.join('\n');
}
