// The leaner statements of issue 16's latency work (TEXT_PLAN) give the same
// pages, scores, totals and snippets as those they replace, on real SQLite:
// with files in the vault and without, with common words that do not select
// (selectBy) and without, with -words, phrases and a scope.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Db, Params } from '../db/database';
import { engineWith, ok } from '../test/make-engine';
import { parseQuery } from './query-syntax';
import { QUERY_BOUNDS } from './query-syntax';
import { searchText, TEXT_PLAN } from './text';
import { holdsFiles } from './rank-sql';

const budget = QUERY_BOUNDS.budgetMs;
// The plans are compared, not the time budget: on a loaded machine a call may run out of it (partial) under one plan only.
beforeEach(() => {
  QUERY_BOUNDS.budgetMs = Number.POSITIVE_INFINITY;
});
afterEach(() => {
  TEXT_PLAN.lean = true;
  TEXT_PLAN.leadWithin = true;
  QUERY_BOUNDS.budgetMs = budget;
});

const TOPICS = ['wind', 'pressure', 'gauge', 'storm', 'harbour', 'lighthouse', 'copper', 'engine', 'river', 'forest'];

/** 40 notes: every one holds "common", topics spread so some words are rare, some frequent; a duplicate pair ties. */
function vault(withFile: boolean): Record<string, string | Uint8Array> {
  const files: Record<string, string | Uint8Array> = {};
  for (let i = 0; i < 40; i++) {
    const words = TOPICS.filter((_, t) => (i * (t + 3)) % (t + 2) === 0);
    files[`notes/n${i}.md`] = `# Note ${i} ${TOPICS[i % TOPICS.length]}\n\nThe common thread of note ${i}: ${words.join(' ')} and the ${TOPICS[(i * 7) % 10]} again.\n\n${'filler text '.repeat(i % 9)}`;
  }
  files['notes/twin-a.md'] = '# Twin\n\ncommon wind gauge storm twin';
  files['notes/twin-b.md'] = '# Twin\n\ncommon wind gauge storm twin';
  if (withFile) files['wind-gauge-storm.png'] = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]);
  return files;
}

const QUERIES = [
  'wind',
  'wind gauge',
  'a gauge that measures the wind pressure in a storm near the harbour',
  'common wind storm lighthouse copper',
  'wind storm -harbour',
  '"wind gauge" storm',
  'copper engine river forest lighthouse harbour gauge pressure storm wind',
  'twin common',
  'nothingmatchesthis wind',
  // Stop words beside words found nowhere: the stop words are searched after all.
  'the nothingmatchesthis of a common',
  'what is the nothingmatchesthis',
];

/**
 * The page under each plan. The lean plan also hands on how many notes hold
 * each word (compiled.counts, for the snippets' weights): not part of the
 * ranking compared here.
 */
function bothPlans<T>(run: () => T): { before: T; after: T } {
  TEXT_PLAN.lean = false;
  const before = run();
  TEXT_PLAN.lean = true;
  const after = run();
  const compiled = (after as { compiled?: { counts?: unknown } } | null)?.compiled;
  if (compiled && 'counts' in compiled) delete compiled.counts;
  return { before, after };
}

describe('text ranking: the lean statements', () => {
  it.each([true, false])('give the same search results as before (vault with a file: %s)', async (withFile) => {
    const engine = await engineWith(vault(withFile));
    expect(holdsFiles(engine.db)).toBe(withFile);
    for (const query of QUERIES) {
      for (const args of [{}, { page: 2, page_size: 3 }, { folder: 'notes' }]) {
        const call = async () => {
          const r = ok(await engine.call('search', { query, mode: 'text', ...args })) as Record<string, unknown>;
          delete r.elapsed_ms;
          return r;
        };
        TEXT_PLAN.lean = false;
        const before = await call();
        TEXT_PLAN.lean = true;
        expect(await call(), `${query} ${JSON.stringify(args)}`).toEqual(before);
      }
    }
  });

  it('give the same pages when common words only score (selectBy), and count the rarer words alone', async () => {
    const engine = await engineWith(vault(true));
    const counts: string[] = [];
    const get = engine.db.get.bind(engine.db);
    engine.db.get = ((sql: string, params?: Params) => {
      if (/^SELECT count\(\*\) AS n FROM fts WHERE fts MATCH \?$/.test(sql)) counts.push(String((params as unknown[])[0]));
      return get(sql, params);
    }) as Db['get'];
    // A cap of 12 notes: "common" (in every note) and the frequent topics (13 to 19 notes) are common words; lighthouse (9), copper (11) and others rarer.
    const opts = { commonNotes: 12 };
    let selected = 0;
    for (const query of QUERIES) {
      for (const page of [{ offset: 0, limit: 10 }, { offset: 5, limit: 20 }, { offset: 0, limit: 200 }]) {
        counts.length = 0;
        const { before, after } = bothPlans(() => searchText(engine.db, { sql: '1', params: [] }, parseQuery(query), page, opts));
        expect(after, `${query} ${JSON.stringify(page)}`).toEqual(before);
        // Under lean, the count of a query whose common words only score reads a plain OR of the rarer ones.
        if (counts.length === 2 && counts[0] !== counts[1]) {
          selected++;
          expect(counts[0]).toMatch(/ AND /);
          expect(counts[1]).not.toMatch(/ AND /);
        }
      }
    }
    expect(selected).toBeGreaterThan(0);
  });
});

describe('text ranking: openings scored only within the rarer words\' notes (leadWithin)', () => {
  it('gives the same pages and scores as scoring every opening, for keyword queries with a common word', async () => {
    const engine = await engineWith(vault(true));
    let within = 0;
    const all = engine.db.all.bind(engine.db);
    engine.db.all = ((sql: string, params?: Params) => {
      if (sql.includes('+rowid IN (SELECT rowid FROM fts')) within++;
      return all(sql, params);
    }) as Db['all'];
    // A cap of 12 notes: "common" and the frequent topics are common words; lighthouse, copper and others rarer.
    const words = [...TOPICS, 'common', 'twin', 'note'];
    for (const a of words) {
      for (const b of words) {
        for (const page of [{ offset: 0, limit: 10 }, { offset: 4, limit: 30 }]) {
          const run = (on: boolean) => {
            TEXT_PLAN.leadWithin = on;
            return searchText(engine.db, { sql: '1', params: [] }, parseQuery(`${a} ${b}`), page, { commonNotes: 12 });
          };
          const before = run(false);
          expect(run(true), `${a} ${b} ${JSON.stringify(page)}`).toEqual(before);
        }
      }
    }
    // The case this guards was taken (a rare word beside a common one).
    expect(within).toBeGreaterThan(10);
  });
});

describe('text ranking: the lean statements, on random queries', () => {
  it('give the same pages, scores and totals as before for any mix of words, stop words, unknown words and -words', async () => {
    const engine = await engineWith(vault(true));
    const word = fc.constantFrom(...TOPICS, 'the', 'of', 'a', 'that', 'what', 'common', 'twin', 'note', 'nothingmatchesthis', 'filler');
    // A -word in about one query of three: most queries then take the paths without exclusions.
    const query = fc.array(fc.tuple(word, fc.constantFrom(false, false, false, false, false, false, false, false, false, false, false, false, false, true)), { minLength: 1, maxLength: 10 }).map((ws) => ws.map(([w, not], i) => (not && i > 0 ? `-${w}` : w)).join(' '));
    await fc.assert(
      fc.asyncProperty(query, fc.constantFrom({}, { folder: 'notes' }), fc.constantFrom(0, 3), async (q, scope, offset) => {
        const page = { offset, limit: 5 };
        const cond = 'folder' in scope ? { sql: "e.folder = 'notes'", params: [] } : { sql: '1', params: [] };
        const { before, after } = bothPlans(() => searchText(engine.db, cond, parseQuery(q), page, { commonNotes: 12 }));
        expect(after, q).toEqual(before);
      }),
      { numRuns: 150, seed: 16 },
    );
  });
});
