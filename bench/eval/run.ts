// `npm run eval`: quality of every search mode on every collection.
//   npm run eval -- --collection cranfield,ja-d365 --mode text
//   npm run eval -- --doc     also writes the table into docs/benchmarks.md
import { COLLECTIONS, SHARED, type Collection } from './collections';
import { evaluate, loadCollection, table, type EvalRow } from './harness';
import { EVAL_MODES } from './modes';
import { writeDocSection } from '../browser/doc-section';

function listArg(name: string, all: string[]): string[] {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return all;
  const wanted = (process.argv[i + 1] ?? '').split(',').filter(Boolean);
  const unknown = wanted.filter((w) => !all.includes(w));
  if (unknown.length) throw new Error(`unknown ${name}: ${unknown.join(', ')} (known: ${all.join(', ')})`);
  return wanted;
}

async function main(): Promise<void> {
  const collections = listArg('collection', Object.keys(COLLECTIONS));
  const modes = listArg('mode', Object.keys(EVAL_MODES));
  const rows: EvalRow[] = [];
  const kinds: Record<string, Collection['kind']> = {};
  // Collections over the same corpus share one import.
  const loaded = new Map<string, Awaited<ReturnType<typeof loadCollection>>>();
  for (const name of collections) {
    const c = COLLECTIONS[name]();
    if (!c) {
      console.log(`skipped ${name}: its corpus is not under ${SHARED}`);
      continue;
    }
    kinds[c.name] = c.kind;
    if (!loaded.has(c.source.root)) {
      const l = await loadCollection(c);
      console.error(`${c.source.name}: imported in ${(l.importMs / 1000).toFixed(1)} s`);
      loaded.set(c.source.root, l);
    }
    const { engine } = loaded.get(c.source.root)!;
    console.error(`${c.name}: ${c.about}`);
    for (const m of modes) rows.push(await evaluate(c, m, EVAL_MODES[m](engine)));
  }
  for (const l of loaded.values()) l.engine.db.close();
  const out = table(rows, kinds);
  console.log(out);
  if (process.argv.includes('--doc')) {
    writeDocSection(
      'search-eval',
      `## Search quality (\`npm run eval\`)

Each mode is called through the search tool exactly as agents call it
(page of 100). Cranfield: 225 natural-language questions over 1,400
abstracts with graded judgments (nDCG with gain 4 for Cleverdon grade 1 …
1 for grade 4). ja-d365: 70 hand-written Japanese queries with expected
documents; ja-d365-heldout: 30 more written after the design was settled;
seekstone-kw: 35 English keyword queries with one target note each. How the
text mode's choices were measured: docs/search-text.md.

Measured ${new Date().toISOString().slice(0, 10)}.

${out}`,
    );
    console.log('\nWrote the search-eval section of docs/benchmarks.md.');
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
