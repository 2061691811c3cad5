// `npm run eval:experiments`: the measurements behind the choices in
// docs/search-text.md, printed as Markdown tables. Slow (imports each corpus,
// rebuilds the index per variant); the figures are committed, not re-run in CI.
import { rebuildFts } from '../../worker/text/fts-row';
import { sampleWords, type SampleKind } from './findability';
import { JA_SCHEMES } from './ja-schemes';
import { hitAt, mrrAt, percentile } from './metrics';
import { COLLECTIONS, SHARED, type Collection } from './collections';
import { evaluate, loadCollection, type EvalRow, type Loaded } from './harness';
import { mean } from './metrics';
import { allWordsFirst, textVariant } from './variants';
import { sampleQueries } from '../lib/queries';
import type { Combine, VariantOptions } from './combine-variants';
import { rankVariant, type RankingVariant } from './ranking-variants';
import { commonCapTable } from './common-cap';
import { hybridWeightsTable } from './hybrid-weights';
import { hybridFusionTable } from './hybrid-fusion';
import { leadWeightsTable } from './lead-weights';
import { leadTextTable } from './lead-text';

const f3 = (x: number) => x.toFixed(3);

async function load(name: string): Promise<{ c: Collection; l: Loaded } | null> {
  const c = COLLECTIONS[name]();
  if (!c) {
    console.log(`skipped ${name}: not under ${SHARED}`);
    return null;
  }
  const l = await loadCollection(c);
  console.error(`${name}: imported in ${(l.importMs / 1000).toFixed(1)} s`);
  return { c, l };
}

interface Variant {
  label: string;
  opts: VariantOptions;
}

const COMBINES: Variant[] = [
  { label: 'and', opts: { combine: 'and' } },
  { label: 'and-or (AND, else OR)', opts: { combine: 'and-or' } },
  { label: 'or (BM25 only)', opts: { combine: 'or' } },
  ...[1, 0.2, 0.1, 0.05].map((s) => ({ label: `coord, common > ${s * 100}%`, opts: { combine: 'coord' as Combine, commonShare: s } })),
  { label: 'all-first', opts: { combine: 'all-first', commonShare: 1 } },
  ...[0.2, 0.1, 0.05].map((s) => ({ label: `all-first, common > ${s * 100}% do not select${s === 0.2 ? ' (chosen)' : ''}`, opts: { combine: 'all-first' as Combine, commonShare: s } })),
];

async function combineTable(sets: { c: Collection; l: Loaded }[], variants: Variant[]): Promise<string> {
  const lines = ['| variant | ' + sets.map((s) => (s.c.kind === 'graded' ? `${s.c.name} nDCG@10 | MRR@10 | R@100` : `${s.c.name} MRR@10 | hit@5${s.c.name === 'seekstone-kw' ? ' | all-words-first@10 | all-words-first@10, 200 sampled' : ''}`)).join(' | ') + ' | p50 ms |'];
  lines.push('|---|' + sets.map((s) => (s.c.kind === 'graded' ? '---:|---:|---:' : s.c.name === 'seekstone-kw' ? '---:|---:|---:|---:' : '---:|---:')).join('|') + '|---:|');
  // Multi-word queries sampled from seekstone itself (as in the latency benchmark), for all-words-first at scale.
  const sampled = new Map<Collection, string[]>();
  for (const s of sets) if (s.c.name === 'seekstone-kw') sampled.set(s.c, sampleQueries(s.l.engine, 600, 5).filter((q) => q.includes(' ')).slice(0, 200));
  for (const v of variants) {
    const cells: string[] = [];
    const p50: number[] = [];
    for (const s of sets) {
      const rank = textVariant(s.l.engine, v.opts);
      const row: EvalRow = await evaluate(s.c, v.label, rank);
      p50.push(row.p50ms);
      if (s.c.kind === 'graded') cells.push(f3(row.ndcg10), f3(row.mrr10), f3(row.recall100));
      else {
        cells.push(f3(row.mrr10), f3(row.hit5));
        if (s.c.name === 'seekstone-kw') {
          const awf = s.c.queries.map((q) => allWordsFirst(s.l.engine, q.text, rank(q.text) as string[])).filter((x): x is number => x !== null);
          const wide = sampled.get(s.c)!.map((q) => allWordsFirst(s.l.engine, q, rank(q) as string[])).filter((x): x is number => x !== null);
          cells.push(f3(mean(awf)), `${f3(mean(wide))} (${wide.length})`);
        }
      }
    }
    lines.push(`| ${v.label} | ${cells.join(' | ')} | ${p50.map((x) => x.toFixed(1)).join(' / ')} |`);
  }
  return lines.join('\n');
}

async function japaneseTable({ c, l }: { c: Collection; l: Loaded }, heldOut: Collection | null): Promise<string> {
  const db = l.engine.db;
  const notes = db.all<{ id: number; body: string }>("SELECT e.id, c.body FROM entries e JOIN contents c ON c.entry_id = e.id WHERE e.kind = 'note'");
  const samples = sampleWords(notes, 100);
  const kinds: SampleKind[] = ['kanji-1', 'kanji-2', 'katakana', 'mixed'];
  const paths = new Map(db.all<{ id: number; path: string }>('SELECT id, path FROM entries').map((r) => [r.id, r.path]));
  const lines = [
    '| scheme | hit@5 | MRR@10 | held-out hit@5 | held-out MRR@10 | ' + kinds.map((k) => `found ${k}`).join(' | ') + ' | index MB | index build s | query p50 ms | query p95 ms |',
    '|---|---:|---:|---:|---:|' + kinds.map(() => '---:').join('|') + '|---:|---:|---:|---:|',
  ];
  const styles = new Map<string, { hit: number[]; mrr: number[] }>();
  for (const scheme of JA_SCHEMES) {
    const t0 = performance.now();
    rebuildFts(db, { tokenize: scheme.tokenize, prepare: scheme.prepare });
    const buildS = (performance.now() - t0) / 1000;
    const bytes = db.get<{ n: number }>('SELECT sum(length(block)) AS n FROM fts_data')!.n;
    const hit: number[] = [];
    const mrr: number[] = [];
    const ms: number[] = [];
    for (const q of c.queries) scheme.rank(db, q.text, 10); // warm up
    for (const q of c.queries) {
      const q0 = performance.now();
      const ranked = scheme.rank(db, q.text, 10).map((id) => c.docKey(paths.get(id)!) ?? '');
      ms.push(performance.now() - q0);
      hit.push(hitAt(ranked, q.gains, 5));
      mrr.push(mrrAt(ranked, q.gains, 10));
      const key = `${scheme.name} ${q.style}`;
      if (!styles.has(key)) styles.set(key, { hit: [], mrr: [] });
      styles.get(key)!.hit.push(hitAt(ranked, q.gains, 5));
      styles.get(key)!.mrr.push(mrrAt(ranked, q.gains, 10));
    }
    const held = { hit: [] as number[], mrr: [] as number[] };
    for (const q of heldOut?.queries ?? []) {
      const ranked = scheme.rank(db, q.text, 10).map((id) => heldOut!.docKey(paths.get(id)!) ?? '');
      held.hit.push(hitAt(ranked, q.gains, 5));
      held.mrr.push(mrrAt(ranked, q.gains, 10));
    }
    const found = kinds.map((k) => {
      const of = samples.filter((s) => s.kind === k);
      return `${of.filter((s) => scheme.rank(db, s.text, 1, s.entryId).length > 0).length}/${of.length}`;
    });
    lines.push(`| ${scheme.name} | ${f3(mean(hit))} | ${f3(mean(mrr))} | ${heldOut ? f3(mean(held.hit)) : '–'} | ${heldOut ? f3(mean(held.mrr)) : '–'} | ${found.join(' | ')} | ${(bytes / 1e6).toFixed(1)} | ${buildS.toFixed(1)} | ${percentile(ms, 50).toFixed(2)} | ${percentile(ms, 95).toFixed(2)} |`);
  }
  lines.push('', '| scheme and query style | queries | hit@5 | MRR@10 |', '|---|---:|---:|---:|');
  for (const [key, v] of [...styles].sort()) lines.push(`| ${key} | ${v.hit.length} | ${f3(mean(v.hit))} | ${f3(mean(v.mrr))} |`);
  lines.push('', 'Sampled words: ' + kinds.map((k) => `${k}: ${samples.filter((s) => s.kind === k).slice(0, 6).map((s) => s.text).join(', ')}`).join('; '));
  return '\n### Japanese: bigram vs Intl.Segmenter vs trigram\n\n' + lines.join('\n');
}

/** The ranking candidates of issue 16 (bench/eval/ranking-variants.ts) beside the engine and the plain-OR baseline. */
async function rankingTable(): Promise<string> {
  const names = ['cranfield', 'seekstone-kw', 'seekstone-nl', 'seekstone-paraphrase', 'ja-d365'];
  const cs = names.map((n) => COLLECTIONS[n]()).filter((c): c is Collection => c !== null);
  const engines = new Map<string, Loaded>();
  for (const c of cs) if (!engines.has(c.source.root)) engines.set(c.source.root, await loadCollection(c));
  const base: RankingVariant = { tierUpTo: 0, commonShare: 1, coord: 0, commonSelects: true };
  const variants: { label: string; v?: RankingVariant; engine?: boolean }[] = [
    { label: 'plain OR (baseline)', v: base },
    { label: 'engine before issue 16: all words first', engine: true },
    { label: 'common words do not select', v: { ...base, commonShare: 0.2, commonSelects: false } },
    ...[2, 3, 4, Infinity].map((k) => ({ label: `tier over informative words, up to ${k}`, v: { ...base, tierUpTo: k, commonShare: 0.2, commonSelects: false } })),
    ...[0.25, 0.5, 1].map((x) => ({ label: `soft coordination ${x}`, v: { ...base, coord: x, commonShare: 0.2, commonSelects: false } })),
    ...[0.25, 0.5].map((x) => ({ label: `soft coordination ${x}, tier up to 3`, v: { ...base, coord: x, tierUpTo: 3, commonShare: 0.2, commonSelects: false } })),
    { label: 'stop words left out', v: { ...base, dropStop: true } },
    { label: 'stop words left out, tier up to 3', v: { ...base, dropStop: true, tierUpTo: 3, commonShare: 0.2, commonSelects: false } },
    ...[0.2, 0.1].map((x) => ({ label: `words in > ${x * 100}% of notes left out`, v: { ...base, dropCommon: true, commonShare: x } })),
  ];
  const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7);
  if (only) variants.splice(0, variants.length, ...variants.filter((x, i) => i < 2 || x.label.includes(only)));
  const lines = [`| variant | ${cs.map((c) => (c.kind === 'graded' ? `${c.name} nDCG@10 | MRR@10` : `${c.name} MRR@10 | hit@5`)).join(' | ')} |`];
  lines.push(`|---|${cs.map(() => '---:|---:').join('|')}|`);
  for (const x of variants) {
    const cells: string[] = [];
    for (const c of cs) {
      const l = engines.get(c.source.root)!;
      const paths = new Map(l.engine.db.all<{ id: number; path: string }>('SELECT id, path FROM entries').map((r) => [r.id, r.path]));
      const rank = x.engine ? textVariant(l.engine, { combine: 'all-first' }) : (q: string) => rankVariant(l.engine.db, q, 100, x.v!).map((id) => paths.get(id)!);
      const row = await evaluate(c, x.label, rank);
      cells.push(c.kind === 'graded' ? `${f3(row.ndcg10)} | ${f3(row.mrr10)}` : `${f3(row.mrr10)} | ${f3(row.hit5)}`);
    }
    lines.push(`| ${x.label} | ${cells.join(' | ')} |`);
    console.error(lines[lines.length - 1]);
  }
  for (const l of engines.values()) l.engine.db.close();
  return lines.join('\n');
}

async function main(): Promise<void> {
  const which = process.argv[2] ?? 'all';
  if (which === 'ranking') {
    console.log(await rankingTable());
    return;
  }
  if (which === 'common-cap') {
    console.log(await commonCapTable());
    return;
  }
  if (which === 'lead') {
    console.log(await leadWeightsTable());
    return;
  }
  if (which === 'lead-text') {
    console.log(await leadTextTable());
    return;
  }
  if (which === 'hybrid-fusion') {
    console.log(await hybridFusionTable());
    return;
  }
  if (which === 'hybrid-weights') {
    console.log(await hybridWeightsTable());
    return;
  }
  if (which === 'combine' || which === 'all') {
    const sets = (await Promise.all(['cranfield', 'seekstone-kw', 'ja-d365'].map(load))).filter((x) => x !== null);
    console.log('\n### How plain words combine\n');
    console.log(await combineTable(sets, COMBINES));
    for (const s of sets) s.l.engine.db.close();
  }
  if (which === 'stem' || which === 'all') {
    const sets = (await Promise.all(['cranfield', 'seekstone-kw', 'ja-d365'].map(load))).filter((x) => x !== null);
    const variants: Variant[] = [
      { label: 'all-first (engine default)', opts: { combine: 'all-first' } },
      { label: 'or', opts: { combine: 'or' } },
    ];
    console.log('\n### Porter stemming\n');
    for (const s of sets) rebuildFts(s.l.engine.db, { tokenize: 'unicode61 remove_diacritics 2' });
    console.log('unicode61 (no stemming):\n');
    console.log(await combineTable(sets, variants));
    for (const s of sets) rebuildFts(s.l.engine.db, { tokenize: 'porter unicode61 remove_diacritics 2' });
    console.log('\nporter unicode61:\n');
    console.log(await combineTable(sets, variants));
    for (const s of sets) s.l.engine.db.close();
  }
  if (which === 'ja' || which === 'all') {
    const ja = await load('ja-d365');
    const heldOut = COLLECTIONS['ja-d365-heldout']();
    if (ja) console.log(await japaneseTable(ja, heldOut));
  }
  if (which === 'meta' || which === 'all') await metaWeights();
  if (which === 'weights' || which === 'all') {
    const sets = (await Promise.all(['cranfield', 'seekstone-kw', 'ja-d365'].map(load))).filter((x) => x !== null);
    const variants: Variant[] = [
      [10, 4, 1, 5, 8, 2],
      [5, 3, 1, 3, 5, 1],
      [3, 2, 1, 2, 3, 1],
      [2, 1.5, 1, 1.5, 2, 1],
      [1, 1, 1, 1, 1, 1],
    ].map((w) => ({ label: `weights ${w.join('/')}`, opts: { combine: 'all-first' as Combine, weights: w } }));
    console.log('\n### BM25 column weights (title/headings/body/tags/aliases/path)\n');
    console.log(await combineTable(sets, variants));
  }
}

// The weight of the frontmatter-values column (meta, issue 12): 0 is the
// index without it, the others rank with it at that weight.
async function metaWeights(): Promise<void> {
  const sets = (await Promise.all(['cranfield', 'seekstone-kw', 'seekstone-nl', 'ja-d365'].map(load))).filter((x) => x !== null);
  const variants: Variant[] = [0, 0.5, 1, 2, 4, 8].map((w) => ({
    label: `meta weight ${w}`,
    opts: { combine: 'all-first' as Combine, weights: [10, 4, 1, 5, 8, 2, w] },
  }));
  console.log('\n### BM25 weight of the frontmatter-values column (meta)\n');
  console.log(await combineTable(sets, variants));
  for (const s of sets) s.l.engine.db.close();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
