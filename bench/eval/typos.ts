// npm run eval:typos: should search match near words by default (issue 12)?
// The same run measures, with the real search tool in text mode, exact and
// fuzzy matching (fuzzy: true) on
// - the collections' own queries (what fuzzy costs when nothing is misspelt),
// - the same queries with one word misspelt (two neighbouring letters of its
//   longest word of 6+ letters swapped, seeded), what fuzzy is for,
// - seekstone's no-match set (the share still answering nothing),
// and the latency of each. Plain exact text search is the baseline.
//   npm run eval:typos -- --collection cranfield   (default: cranfield, seekstone-kw, seekstone-nomatch)
//   --no-doc   do not write docs/benchmarks.md
import { loadavg } from 'node:os';
import { cpus, totalmem } from 'node:os';
import { COLLECTIONS, type Collection } from './collections';
import { evaluate, loadCollection, type EvalRow } from './harness';
import { toolMode } from './modes';
import { rng } from '../lib/rng';
import { loadNote } from '../lib/load';
import { writeDocSection } from '../browser/doc-section';
import { isStopWord } from '../../worker/text/stop-words';

const LOAD_BEFORE = loadavg()[0];
const argv = process.argv.slice(2);
const i = argv.indexOf('--collection');
const names = i >= 0 ? argv[i + 1].split(',') : ['cranfield', 'seekstone-kw', 'seekstone-nomatch'];

/** The query with its longest word of 6+ letters misspelt (two inner neighbours swapped); null when it has none. */
export function misspell(query: string, random: () => number): string | null {
  const words = [...query.matchAll(/[A-Za-z]{6,}/g)].filter((m) => !isStopWord(m[0]));
  if (!words.length) return null;
  const w = words.sort((a, b) => b[0].length - a[0].length || a.index! - b.index!)[0];
  const at = 1 + Math.floor(random() * (w[0].length - 3));
  const s = w[0];
  const typo = s.slice(0, at) + s[at + 1] + s[at] + s.slice(at + 2);
  if (typo === s) return null;
  return query.slice(0, w.index!) + typo + query.slice(w.index! + s.length);
}

function withTypos(c: Collection): Collection {
  const random = rng(12);
  const queries = c.queries.flatMap((q) => {
    const text = misspell(q.text, random);
    return text ? [{ ...q, text }] : [];
  });
  return { ...c, name: `${c.name} (1 word misspelt)`, queries };
}

const rows: EvalRow[] = [];
const kinds: Record<string, Collection['kind']> = {};
const groups = new Map<string, Collection[]>();
for (const name of names) {
  const c = COLLECTIONS[name]?.();
  if (!c) {
    console.log(`skipped ${name}: its corpus is not in ../shared`);
    continue;
  }
  groups.set(c.source.root, [...(groups.get(c.source.root) ?? []), c]);
}
for (const group of groups.values()) {
  const { engine } = await loadCollection(group[0]);
  for (const c of group) {
    const sets = c.kind === 'no-match' ? [c] : [c, withTypos(c)];
    for (const s of sets) {
      kinds[s.name] = s.kind;
      // The harness's baseline column compares with "plain-or"; here exact text is the baseline.
      rows.push({ ...(await evaluate(s, 'text (exact)', toolMode(engine, 'text'))) });
      rows.push({ ...(await evaluate(s, 'text, fuzzy: true', toolMode(engine, 'text', { fuzzy: true }))) });
      console.error(`${s.name}: done`);
    }
  }
}

const f3 = (x: number) => x.toFixed(3);
const judged = rows.filter((r) => kinds[r.collection] !== 'no-match');
const none = rows.filter((r) => kinds[r.collection] === 'no-match');
const quality = [
  '| collection | mode | queries | nDCG@10 | MRR@10 | hit@5 | recall@100 |',
  '|---|---|---:|---:|---:|---:|---:|',
  ...judged.map((r) => `| ${r.collection} | ${r.mode} | ${r.queries} | ${kinds[r.collection] === 'graded' ? f3(r.ndcg10) : '–'} | ${f3(r.mrr10)} | ${f3(r.hit5)} | ${f3(r.recall100)} |`),
  ...(none.length ? ['', '| collection | mode | queries | share with 0 results |', '|---|---|---:|---:|', ...none.map((r) => `| ${r.collection} | ${r.mode} | ${r.queries} | ${f3(r.empty)} |`)] : []),
].join('\n');
const latency = ['| collection | mode | p50 ms | p95 ms |', '|---|---|---:|---:|', ...rows.map((r) => `| ${r.collection} | ${r.mode} | ${r.p50ms.toFixed(1)} | ${r.p95ms.toFixed(1)} |`)].join('\n');
const machine = `${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}), ${Math.round(totalmem() / 2 ** 30)} GB RAM, Node ${process.version}`;
console.log(`${quality}\n\n${latency}\n\nMachine: ${machine}`);
if (!argv.includes('--no-doc')) {
  writeDocSection(
    'typos',
    `## Typos: fuzzy matching on or off (\`npm run eval:typos\`)

Whether \`search\` should match words one or two edits away by default
(Omnisearch does). Each collection is searched twice in one run through the
search tool in text mode: exact (the baseline, today's default) and with
\`fuzzy: true\` (near words match, listed after every exact match). The
misspelt sets are the same queries with two neighbouring letters of their
longest word of 6+ letters swapped (seeded); the no-match set is seekstone's
55 queries no note answers, where an empty answer is right. Fuzzy only ever
adds notes after the exact ones, so on queries with enough exact hits the
top 10 is the same; a difference on the unmisspelt rows comes from the text
search's time budget (a query still ranking after 100 ms on the loaded
machine returns a partial page, which the fuzzy run then fills).

${quality}

${latency}

Measured ${new Date().toISOString().slice(0, 10)} on ${machine}; the machine was shared with other work
during the run, so the latencies are upper bounds.
${loadNote(LOAD_BEFORE)}`,
  );
}
