// The query plans of text ranking (issue 11, item 8): no statement may make
// SQLite drive the full-text table by rowid from a subquery ("INDEX 0:=M" in
// the plan), which runs the whole MATCH expression once per row. That plan
// turned a query of 32 common words into 19 s on seekstone-10k; a prefixed
// `+fts.rowid` keeps the subquery a filter. Checked on the plans SQLite
// chooses for every statement a search runs, not by timing.
import { afterEach, describe, expect, it } from 'vitest';
import type { Db, Params } from '../db/database';
import { engineWith, ok } from '../test/make-engine';
import { QUERY_BOUNDS } from './query-syntax';

const defaults = { ...QUERY_BOUNDS };
afterEach(() => Object.assign(QUERY_BOUNDS, defaults));

/** Every full-text statement the engine runs while `work` runs, with its parameters. */
async function statements(db: Db, work: () => Promise<unknown>): Promise<{ sql: string; params?: Params }[]> {
  const seen: { sql: string; params?: Params }[] = [];
  const all = db.all.bind(db);
  const get = db.get.bind(db);
  db.all = ((sql: string, params?: Params) => (/MATCH/.test(sql) && seen.push({ sql, params }), all(sql, params))) as Db['all'];
  db.get = ((sql: string, params?: Params) => (/MATCH/.test(sql) && seen.push({ sql, params }), get(sql, params))) as Db['get'];
  try {
    await work();
  } finally {
    db.all = all;
    db.get = get;
  }
  return seen;
}

const WORDS = 'alpha beta gamma delta epsilon zeta eta theta iota kappa lambda omicron';

describe('text ranking query plans', () => {
  it.each([
    ['two words', 'alpha beta', {}],
    ['many words, in time', WORDS, {}],
    ['many words, out of time', WORDS, { budgetMs: -1e9 }],
    ['a phrase and words', '"alpha beta" gamma delta', {}],
    ['many words in a folder', WORDS, { folder: 'sub' }],
  ])('%s: the full-text table is never driven by rowid from a subquery', async (_, query, opts) => {
    const notes = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`${i % 2 ? 'sub/' : ''}n${i}.md`, `${WORDS.split(' ').slice(0, 1 + (i % 12)).join(' ')} filler ${i}`]));
    const engine = await engineWith(notes);
    const { budgetMs, ...args } = opts as { budgetMs?: number; folder?: string };
    if (budgetMs !== undefined) QUERY_BOUNDS.budgetMs = budgetMs;
    const ran = await statements(engine.db, async () => ok(await engine.call('search', { query, mode: 'text', ...args })));
    expect(ran.length).toBeGreaterThan(0);
    for (const s of ran) {
      const plan = engine.db.all<{ detail: string }>(`EXPLAIN QUERY PLAN ${s.sql}`, s.params).map((r) => r.detail);
      expect(plan.filter((d) => /VIRTUAL TABLE INDEX \d+:=/.test(d)), s.sql).toEqual([]);
    }
  });
});
