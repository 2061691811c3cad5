// npm run bench:snippets — how often a hit's snippet marks none of the
// query's words although the note shows one (issue 16: "snippets often show a
// passage that contains none of the query words even when the note has
// them"). Every query of the eval collections (and every note title of
// Obsidian's help vault as a query) runs through the search tool in text
// mode (the help vault, embedded here with the bundled model, in hybrid mode
// too), page 1 of 10; each hit's snippet is checked for a marked word, and
// each unmarked one against the note's whole body, searched window by window
// with the snippet code's own highlighter (a word outside hidden markup:
// independent of how the snippet found its window). Both sides in the same
// run, same index: `before` (SNIPPET_PLAN off: only the window around a long
// note's first occurrence of a word's letters, placed on any match, marks
// only inside its nominal window, a CJK word located only as written),
// `unweighted` (all but SNIPPET_PLAN.weighted) and `now`. Also counted: hits
// whose snippet does not mark the query's rarest word though the note shows it. Options: --collection a,b
// (default all found, plus obsidian-help), --no-doc. Needs ../shared (skips
// what is absent).
import { loadavg } from 'node:os';
import { COLLECTIONS, sharedPath, type Collection } from './eval/collections';
import { loadCollection } from './eval/harness';
import { embedOptions } from './eval/embed-modes';
import { nodeSource } from '../worker/ingest/walk-node';
import { makeSnippet, SNIPPET_PLAN, type HighlightTerm } from '../worker/search/snippet';
import { bigramAnalyzer, compileQuery } from '../worker/search/fts-query';
import { parseQuery, QUERY_BOUNDS } from '../worker/search/query-syntax';
import { withoutStopWords } from '../worker/text/stop-words';
import { markdownTable } from './browser/table';
import { writeDocSection } from './browser/doc-section';
import { describeMachine } from './browser/machine';
import type { Engine } from '../worker/engine';

const OPEN = '\u0001';
const CLOSE = '\u0002';
const argv = process.argv.slice(2);
const wanted = argv.includes('--collection') ? argv[argv.indexOf('--collection') + 1].split(',') : null;
QUERY_BOUNDS.budgetMs = Number.POSITIVE_INFINITY;

interface QuerySet {
  name: string;
  queries: string[];
}

/** Obsidian's help vault, each note's title as a query: the vault where the missing marks were seen. */
function helpVault(): { source: Collection['source']; sets: QuerySet[] } | null {
  const dir = sharedPath('corpora', 'obsidian-help');
  return dir ? { source: nodeSource(dir, 'obsidian-help'), sets: [] } : null;
}

/** Whether the note's body holds one of the terms as the snippet code marks them (the search tool marks stop words only when nothing else is asked for), window by window over the whole body. */
function bodyHasWord(engine: Engine, path: string, terms: readonly HighlightTerm[]): boolean {
  const body = engine.db.get<{ body: string }>('SELECT c.body FROM contents c JOIN entries e ON e.id = c.entry_id WHERE e.path = ?', [path])?.body ?? '';
  // The same question on both sides: a word a reader would see marked (not only inside a link's target).
  const seenOnly = SNIPPET_PLAN.seenOnly;
  SNIPPET_PLAN.seenOnly = true;
  try {
    for (let at = 0; at < body.length; at += 5_800) {
      if (makeSnippet(body.slice(at, at + 6_000), terms, { requireHit: true }) !== null) return true;
    }
    return false;
  } finally {
    SNIPPET_PLAN.seenOnly = seenOnly;
  }
}

/**
 * The query's marked term held by the fewest notes (counted here with FTS5,
 * independently of the snippet code), when one is rarer than every other;
 * null for a one-term query.
 */
function rarestTerm(engine: Engine, query: string): HighlightTerm | null {
  const terms = withoutStopWords(compileQuery(parseQuery(query)).highlight);
  if (terms.length < 2) return null;
  const counted = terms.flatMap((t) => {
    const expr = bigramAnalyzer.leaf({ text: t.text, quoted: true, prefix: t.prefix });
    const n = expr ? engine.db.get<{ n: number }>('SELECT count(*) AS n FROM fts WHERE fts MATCH ?', [expr])!.n : 0;
    return n > 0 ? [{ t, n }] : [];
  });
  counted.sort((a, b) => a.n - b.n);
  return counted.length && (counted.length === 1 || counted[0].n < counted[1].n) ? counted[0].t : null;
}

/** Whether a marked stretch of the snippet is the term (its own highlighter finds it there). */
function marksTerm(snippet: string, term: HighlightTerm): boolean {
  const marked = snippet.split(OPEN).slice(1).map((p) => p.split(CLOSE)[0]);
  return marked.some((m) => makeSnippet(m, [term], { requireHit: true }) !== null);
}

interface Side {
  hits: number;
  unmarked: number;
  missed: number;
  /** Hits whose snippet does not mark the query's rarest word / and the note shows it. */
  rareUnmarked: number;
  rareMissed: number;
  cpuMs: number;
  calls: number;
}

type Plan = 'before' | 'unweighted' | 'now';

async function measure(engine: Engine, queries: string[], plan: Plan, mode = 'text'): Promise<Side> {
  const now = plan !== 'before';
  SNIPPET_PLAN.laterWindows = now ? 4 : 0;
  SNIPPET_PLAN.seenOnly = now;
  SNIPPET_PLAN.cjkGaps = now;
  SNIPPET_PLAN.weighted = plan === 'now';
  const side: Side = { hits: 0, unmarked: 0, missed: 0, rareUnmarked: 0, rareMissed: 0, cpuMs: 0, calls: 0 };
  for (const query of queries) {
    const c0 = process.cpuUsage();
    const r = (await engine.call('search', { query, mode, limit: 10, snippet_markers: [OPEN, CLOSE] })) as { results?: { path: string; kind: string; snippet: string }[] };
    const c = process.cpuUsage(c0);
    side.cpuMs += (c.user + c.system) / 1000;
    side.calls++;
    const rare = rarest.has(query) ? rarest.get(query)! : rarest.set(query, rarestTerm(engine, query)).get(query)!;
    for (const h of r.results ?? []) {
      if (h.kind !== 'note') continue;
      side.hits++;
      if (rare && !marksTerm(h.snippet, rare)) {
        side.rareUnmarked++;
        if (bodyHasWord(engine, h.path, [rare])) side.rareMissed++;
      }
      if (h.snippet.includes(OPEN)) continue;
      side.unmarked++;
      if (bodyHasWord(engine, h.path, withoutStopWords(compileQuery(parseQuery(query)).highlight))) side.missed++;
    }
  }
  return side;
}
const rarest = new Map<string, HighlightTerm | null>();

const groups = new Map<string, { source: Collection['source']; sets: QuerySet[] }>();
for (const [name, make] of Object.entries(COLLECTIONS)) {
  if (wanted && !wanted.includes(name)) continue;
  const c = make();
  if (!c || c.kind === 'no-match') {
    if (!c) process.stderr.write(`skipped ${name}: its corpus is not in ../shared\n`);
    continue;
  }
  const g = groups.get(c.source.root) ?? { source: c.source, sets: [] };
  g.sets.push({ name, queries: c.queries.map((q) => q.text) });
  groups.set(c.source.root, g);
}
const help = !wanted || wanted.includes('obsidian-help') ? helpVault() : null;
if (help) groups.set(help.source.root, help);

const rows: Record<string, string | number>[] = [];
const load0 = loadavg()[0];
for (const g of groups.values()) {
  // The help vault is small enough to embed here (the bundled model, Node): its snippets are measured in hybrid mode too.
  const { engine } = await loadCollection(
    { name: g.source.name, about: '', source: g.source, queries: [], docKey: () => null, kind: 'known-item' },
    g === help ? { engine: embedOptions } : {},
  );
  const modes = ['text'];
  if (g === help) {
    const titles = engine.db.column<string>("SELECT title FROM entries WHERE kind = 'note' ORDER BY path");
    g.sets.push({ name: `obsidian-help titles (${titles.length})`, queries: titles });
    const done = await engine.embed!.runToCompletion();
    if (done.error) throw new Error(`embedding the help vault failed: ${done.error}`);
    modes.push('hybrid');
  }
  for (const set of g.sets) for (const mode of modes) {
    // Warm both sides once, then time them in turn.
    await measure(engine, set.queries.slice(0, 20), 'before', mode);
    await measure(engine, set.queries.slice(0, 20), 'now', mode);
    const sides = { before: await measure(engine, set.queries, 'before', mode), unweighted: await measure(engine, set.queries, 'unweighted', mode), now: await measure(engine, set.queries, 'now', mode) };
    const { before, now } = sides;
    for (const [label, s] of Object.entries(sides)) {
      rows.push({
        'query set': set.name,
        mode,
        side: label,
        queries: set.queries.length,
        'hits (notes)': s.hits,
        'no word marked': s.unmarked,
        'no word marked, note has one': s.missed,
        'share missed': (s.missed / Math.max(1, s.hits)).toFixed(4),
        'rarest word not marked': s.rareUnmarked,
        'rarest not marked, note has it': s.rareMissed,
        'CPU ms a call': (s.cpuMs / s.calls).toFixed(2),
      });
    }
    process.stderr.write(`${set.name}, ${mode}: missed ${before.missed} → ${now.missed} of ${now.hits}; rarest not marked, note has it ${before.rareMissed} → ${sides.unweighted.rareMissed} → ${now.rareMissed}\n`);
  }
  engine.db.close();
}
SNIPPET_PLAN.laterWindows = 4;
SNIPPET_PLAN.seenOnly = true;
SNIPPET_PLAN.cjkGaps = true;
SNIPPET_PLAN.weighted = true;
const table = markdownTable(rows);
process.stdout.write(`${table}\n`);
if (!argv.includes('--no-doc')) {
  writeDocSection(
    'snippet-words',
    [
      '## Snippets that mark a query word (`npm run bench:snippets`)',
      '',
      'Every query of the eval collections (and every note title of Obsidian\'s help vault as a query) through the search tool, text mode (the help vault, embedded with the bundled model, also in hybrid mode), page 1 of 10 hits.',
      'A snippet "marks no word" when none of the query\'s words is highlighted in it; "note has one" when the snippet code\'s own highlighter finds one',
      'a reader would see somewhere in the note\'s whole body (searched window by window; not inside a link\'s target, a URL or a tag). Both sides in the same run',
      'over the same index. Before: past a long note\'s first 4,000 characters only the window around the first occurrence of a word\'s letters was looked at',
      '("chang" in "changelog"), the window could be placed on matches inside hidden markup, and matches shown past the window\'s nominal end were not marked.',
      'Now (`SNIPPET_PLAN`): up to 4 more windows past it, the window placed on matches a reader sees, every shown match marked, and a Japanese word\'s',
      'first occurrence also found where the note writes it with a space inside (カタログ ピッカー for カタログピッカー).',
      '"unweighted" is all of that without `SNIPPET_PLAN.weighted` (the code before the weighting); "now" adds it: a window\'s words count by their rarity in the vault',
      '(ln(1 + notes / notes holding the word)), and a long note whose first 4,000 characters lack the query\'s rarest word is looked at where that word first occurs.',
      '"Rarest word": of a query of two or more marked words, the one the fewest notes hold (counted by the benchmark with FTS5), when it is rarer than every other;',
      '"not marked" counts hits whose snippet does not mark it, "note has it" those whose note shows it somewhere (as above). Japanese function words (する, ます) are',
      'not marked on every side (they are stop words for marking since this change).',
      '',
      `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${describeMachine()}; 1-minute load ${load0.toFixed(1)} → ${loadavg()[0].toFixed(1)} (CPU per call includes the snippet work; counts do not depend on the load).`,
      '',
      table,
    ].join('\n'),
  );
}
