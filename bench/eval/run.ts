// `npm run eval`: quality of every search mode on every collection.
//   npm run eval -- --collection cranfield,ja-d365 --mode text
//   npm run eval -- --doc     also writes the table into docs/benchmarks.md
//   npm run eval -- --no-openings   ranks without notes' openings (fts_lead emptied): the before of issue 16
import { COLLECTIONS, SHARED, type Collection } from './collections';
import { BASELINE_MODE, evaluate, loadCollection, table, type EvalRow } from './harness';
import { plainOrMode } from './baseline';
import { EVAL_MODES } from './modes';
import { embedOptions, MEANING_MODES, prepareEmbeddings } from './embed-modes';
import { writeDocSection } from '../browser/doc-section';
import { describeMachine } from '../browser/machine';
import { QUERY_BOUNDS } from '../../worker/search/query-syntax';
import { execFileSync } from 'node:child_process';

/** ", main at <commit>" (and "with uncommitted changes"), so a table says what it measured. */
function commitNote(): string {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD']).toString().trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no', '--', 'worker', 'bench']).toString().trim();
    return `, main at ${head}${dirty ? ' with uncommitted changes' : ''}`;
  } catch {
    return '';
  }
}

function listArg(name: string, all: string[]): string[] {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return all;
  const wanted = (process.argv[i + 1] ?? '').split(',').filter(Boolean);
  const unknown = wanted.filter((w) => !all.includes(w));
  if (unknown.length) throw new Error(`unknown ${name}: ${unknown.join(', ')} (known: ${all.join(', ')})`);
  return wanted;
}

async function main(): Promise<void> {
  // Quality must not depend on how loaded the machine is: on a busy one the
  // per-query time budget cuts long questions short (partial: true). --budget keeps it.
  if (!process.argv.includes('--budget')) QUERY_BOUNDS.budgetMs = Number.POSITIVE_INFINITY;
  const collections = listArg('collection', Object.keys(COLLECTIONS));
  const modes = listArg('mode', Object.keys(EVAL_MODES));
  const rows: EvalRow[] = [];
  const kinds: Record<string, Collection['kind']> = {};
  // Collections over the same corpus share one import (and one embedding).
  const groups = new Map<string, Collection[]>();
  for (const name of collections) {
    const c = COLLECTIONS[name]();
    if (!c) {
      console.log(`skipped ${name}: its corpus is not under ${SHARED}`);
      continue;
    }
    kinds[c.name] = c.kind;
    groups.set(c.source.root, [...(groups.get(c.source.root) ?? []), c]);
  }
  const meaning = modes.some((m) => MEANING_MODES.includes(m));
  for (const group of groups.values()) {
    const { engine, importMs } = await loadCollection(group[0], meaning ? { engine: embedOptions } : {});
    // --no-openings: every mode ranked as before issue 16's openings index (fts_lead emptied), for before/after runs.
    if (process.argv.includes('--no-openings')) engine.db.tx(() => engine.db.run('DELETE FROM fts_lead'));
    console.error(`${group[0].source.name}: imported in ${(importMs / 1000).toFixed(1)} s`);
    const canMean = meaning && (await prepareEmbeddings(engine, group, (s) => console.error(s)));
    for (const c of group) {
      console.error(`${c.name}: ${c.about}`);
      // Every collection's baseline, over the same index in the same run.
      rows.push(await evaluate(c, BASELINE_MODE, plainOrMode(engine)));
      for (const m of modes) {
        if (MEANING_MODES.includes(m) && !canMean) continue;
        rows.push(await evaluate(c, m, EVAL_MODES[m](engine)));
      }
    }
    engine.db.close();
  }
  const out = table(rows, kinds);
  console.log(out);
  if (process.argv.includes('--doc')) {
    writeDocSection(
      'search-eval',
      `## Search quality (\`npm run eval\`)

Each mode is called through the search tool exactly as agents call it
(page of 100). Every collection also gets a **plain OR** row, computed in
the same run over the same index (same tokenizer and column weights, the
query's words OR-ed, ordered by BM25 alone: \`bench/eval/baseline.ts\`), and
every mode's figures are shown as a ratio to it.

Collections: Cranfield, 225 natural-language questions over 1,400 abstracts
with graded judgments (nDCG with gain 4 for Cleverdon grade 1 … 1 for
grade 4). ja-d365: 70 hand-written Japanese queries with expected
documents; ja-d365-heldout: 30 more written after the design was settled.
seekstone-kw: 35 English keyword queries with one target note each.
seekstone-nl: 88 natural-language questions over seekstone-10k, written the
way people ask when they do not remember a note's title (4–12 words, 82 of
them without the title's words), each checked against the note answering
it. seekstone-nl-heldout: 120 more questions of the same kind over other
notes, written and committed before the ranking changes of 2026-12-02 and
never tuned on (\`bench/eval/data/seekstone-nl-heldout-queries.json\`).
seekstone-paraphrase: 42 descriptions in other words
(\`bench/seekstone-semantic.json\`). obsidian-help: 56 questions over Obsidian's own
help vault, a real vault with English and Japanese notes side by side (36
English, 20 Japanese), written from its notes' sections before any ranking
was run on them and never tuned on
(\`bench/eval/data/obsidian-help-queries.json\`); each is judged by the note
it was written from only, so another note that also answers counts as a
miss. seekstone-nomatch: 55 queries no note
matches (invented words, gibberish, misspellings, modern words, Japanese);
its metric is the share of queries returning 0 results, target 1.000 in
every mode. The per-query time budget (100 ms, issue 11) is off in these
runs, so the figures do not depend on the machine's load (on a busy machine
it cuts some long questions short, marked \`partial\`). How the text mode's
choices were measured:
docs/search-text.md. Vector and hybrid use the bundled USE-lite model
(English only: Japanese queries run as text); see docs/embeddings.md. On
seekstone-10k they use the whole vault's vectors when
\`bench/out/seekstone-embedded.db\` exists (\`npm run bench:vector-embed -- --full\`;
219,058 passages), else an embedded subset (text's candidates only).

Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC${commitNote()}, ${describeMachine()}; quality figures do not depend on the machine's load.

${out}`,
    );
    console.log('\nWrote the search-eval section of docs/benchmarks.md.');
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
