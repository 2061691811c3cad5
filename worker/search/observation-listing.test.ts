// Observations listed without words (valid_at alone, time_kind alone,
// categories, -words): the total counted from index ranges and the page
// walked in path order must answer exactly as the one statement that read,
// sorted and counted every answer (its SQL is the reference here), for every
// qualifier form, bound, scope and page; and the statements must be the
// cheap ones (bench:valid-time: valid_at alone took 34 ms at 10k notes).
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db, SqlValue } from '../db/database';
import type { Engine } from '../engine';
import { memorySource } from '../ingest/source';
import { assertionMatch, parseValidTime, type ValidTimeQuery } from '../query/valid-time';
import { countAnswering } from '../query/valid-time-count';
import { engineWith } from '../test/make-engine';
import { listObservations } from './observation-listing';
import { buildScope, readScope } from './scope';

const QUALIFIERS = [
  '@effective[2026-06-10,2026-07-27)', '@effective:2026-07-27', '@2026-07', '@2026', '@due:2026-07-01',
  '@occurred[2026-07-01T10:00:00Z,2026-07-01T12:00:00Z]', '@occurred(2026-07-01T10:00:00Z,2026-07-01T12:00:00Z)',
  '@valid[2026-07-01T12:00:00Z,2026-07-01T12:00:00Z]', '@valid[2026-01-01,2026-01-01)', '@mentioned[,2026-03-01)',
  '@valid(2026-02-01,)', '@occurred[2026-07-01T12:00:00+09:00,)', '@valid(,2026-07-01T10:00:00Z]', '',
];
const CATEGORIES = ['decision', 'fact', 'risk'];

/** Notes in two folders and two vaults (the same paths in both), each with five observations of mixed forms. */
function vault(seed: number): Record<string, string> {
  const files: Record<string, string> = {};
  for (let i = 0; i < 24; i++) {
    const lines: string[] = [];
    for (let k = 0; k < 5; k++) {
      const n = i * 5 + k + seed;
      const words = n % 4 === 0 ? 'the cache uses redis' : `line ${n} of the plan`;
      lines.push(`- [${CATEGORIES[n % 3]}] ${QUALIFIERS[(n * 7) % QUALIFIERS.length]} ${words}`.replace(/ {2}/g, ' '));
    }
    const status = i % 3 === 0 ? 'active' : 'done';
    files[`${i % 2 ? 'a' : 'b'}/${i % 4 < 2 ? '' : 'sub/'}n${String(i).padStart(2, '0')}.md`] = `---\nstatus: ${status}\n---\n# Note ${i}\n\n${lines.join('\n')}\n`;
  }
  return files;
}

let engine: Engine;
let db: Db;
beforeAll(async () => {
  engine = await engineWith(vault(0), 'test');
  const s = await engine.importSource(memorySource('other', vault(3)));
  if (s.phase !== 'done') throw new Error(s.error);
  db = engine.db;
}, 60_000);

const QUESTIONS: Record<string, unknown>[] = [
  ...['2026-06-10', '2026-07-26', '2026-07-27', '2026-07-01', '2026-01-01', '2026-02-01', '2026-02-02', '2026-03-01', '2025-12-31'].map((d) => ({ valid_at: d })),
  ...['2026-07-01T10:00:00Z', '2026-07-01T12:00:00Z', '2026-07-01T12:00:00.000001Z', '2026-07-01T09:59:59Z', '2026-07-01T03:00:00Z'].map((t) => ({ valid_at: t })),
  ...['[2026-07-01T12:00:00Z,2026-07-02T00:00:00Z)', '(2026-07-01T12:00:00Z,)', '(,2026-07-01T10:00:00Z]', '(2026-07-01T10:00:00Z,2026-07-01T10:00:00.000001Z)',
    '[2026-06-01,2026-08-01)', '[2026-07-27,2026-07-27]', '(2026-01-01,2026-02-01]', '[2026-01-01,2026-01-01)', '[,2026-03-01)', '[2026-12-31,)'].map((r) => ({ valid_overlaps: r })),
  { time_kind: 'effective' }, { time_kind: 'valid' }, { valid_at: '2026-07-01', time_kind: 'due' }, { valid_overlaps: '[2026-01-01,)', time_kind: 'occurred' },
];

/** The listing as one statement read it before (search/items.ts, version 14): every answer joined, sorted, counted. */
function reference(q: ValidTimeQuery | null, scopeSql: { sql: string; params: SqlValue[] }, own: { sql: string; params: SqlValue[] }): number[] {
  const m = q ? assertionMatch(q, 'a') : { sql: '1', params: [] };
  return db.column<number>(
    `SELECT o.id FROM observations o JOIN entries e ON e.id = o.entry_id
     WHERE (${scopeSql.sql}) AND (${own.sql}) AND o.id IN (SELECT a.observation_id FROM assertions a WHERE ${m.sql})
     ORDER BY e.path, e.vault_id, o.line, o.id`,
    [...scopeSql.params, ...own.params, ...m.params],
  );
}

describe('counting the answers of a valid-time question from index ranges', () => {
  it('equals the row-by-row predicate for every question and bound', () => {
    for (const args of QUESTIONS) {
      const q = parseValidTime(args)!;
      const m = assertionMatch(q, 'a');
      const want = db.get<{ n: number }>(`SELECT count(*) AS n FROM assertions a WHERE ${m.sql}`, m.params)!.n;
      // From the bounds snapshot (outside a transaction) and from the index ranges (inside one).
      expect(countAnswering(db, q), JSON.stringify(args)).toBe(want);
      expect(countAnswering(db, q, { sql: true }), JSON.stringify(args)).toBe(want);
    }
    // The questions reach the edges: some answer nothing, some many.
    const counts = QUESTIONS.map((a) => countAnswering(db, parseValidTime(a)!));
    expect(Math.min(...counts)).toBe(0);
    expect(Math.max(...counts)).toBeGreaterThan(40);
  });

  it('relies on one assertion per observation, which the qualifier syntax guarantees', () => {
    expect(db.get<{ n: number }>('SELECT count(*) AS n FROM (SELECT 1 FROM assertions GROUP BY observation_id HAVING count(*) > 1)')!.n).toBe(0);
  });
});

describe('listing observations without words', () => {
  const SCOPES: Record<string, unknown>[] = [{}, { path_prefix: 'a/' }, { folder: 'a/sub' }, { vault: 'other' }, { filters: { status: 'active' } }, { path_prefix: 'b/', filters: { status: 'done' } }];
  const OWN: { categories?: string[]; excluded: string[] }[] = [{ excluded: [] }, { categories: ['decision', 'risk'], excluded: [] }, { excluded: ['redis'] }];

  it('pages and totals as the reference does, by either plan, for every question, scope and own condition', () => {
    let compared = 0;
    for (const args of [...QUESTIONS, {}]) {
      const q = Object.keys(args).length ? parseValidTime(args)! : null;
      for (const scopeArgs of SCOPES) {
        const scope = buildScope(db, readScope(scopeArgs, undefined));
        for (const own of OWN) {
          const ownSql = {
            sql: [own.categories ? `o.category IN (${own.categories.map(() => '?').join(',')})` : '1', own.excluded.length ? 'o.id * 2 NOT IN (SELECT rowid FROM kg_fts WHERE kg_fts MATCH ?)' : '1'].join(' AND '),
            params: [...(own.categories ?? []), ...(own.excluded.length ? [own.excluded.join(' OR ')] : [])],
          };
          const want = reference(q, scope.condition, ownSql);
          // Each plan of the page, the filter tested from its ids or by probes, the total from the snapshot or by SQL.
          const HOW = [{ plan: 'walk' }, { plan: 'walk', filterTest: 'probe' }, { plan: 'walk', filterTest: 'ids', counting: 'sql' }, { plan: 'sort' }, { plan: 'answers' }, { plan: 'path' }, {}] as const;
          for (const how of HOW) {
            for (let offset = 0; offset <= want.length + 7; offset += 7) {
              const got = listObservations({ db, scope, window: { offset, limit: 7 }, validTime: q, ...own, ...how });
              expect(got.total, JSON.stringify({ args, scopeArgs, own, how })).toBe(want.length);
              expect(got.ids, JSON.stringify({ args, scopeArgs, own, how, offset })).toEqual(want.slice(offset, offset + 7));
              compared++;
            }
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(1300);
  });

  it('pages as the reference does when the notes of the page are found by walking note ids in path order (one vault in play)', async () => {
    const single = await engineWith(vault(1), 'solo');
    const one = single.db;
    let compared = 0;
    for (const args of QUESTIONS) {
      const q = parseValidTime(args)!;
      for (const scopeArgs of [{ path_prefix: 'a/' }, { folder: 'a/sub' }, { filters: { status: 'active' } }, { path_prefix: 'b/', filters: { status: 'done' } }]) {
        const scope = buildScope(one, readScope(scopeArgs, undefined));
        const m = assertionMatch(q, 'a');
        const want = one.column<number>(
          `SELECT o.id FROM observations o JOIN entries e ON e.id = o.entry_id WHERE (${scope.condition.sql}) AND o.id IN (SELECT a.observation_id FROM assertions a WHERE ${m.sql}) ORDER BY e.path, o.line, o.id`,
          [...scope.condition.params, ...m.params],
        );
        for (let offset = 0; offset <= want.length + 3; offset += 3) {
          const got = listObservations({ db: one, scope, window: { offset, limit: 3 }, validTime: q, excluded: [], plan: 'path' });
          expect(got.ids, JSON.stringify({ args, scopeArgs, offset })).toEqual(want.slice(offset, offset + 3));
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(400);
    // Across vaults a walk by path alone could take a note of one vault for the other's: the SQL walk answers there.
    const scope = buildScope(db, readScope({ filters: { status: 'active' } }, undefined));
    const ran = plans(() => listObservations({ db, scope, window: { offset: 0, limit: 3 }, validTime: parseValidTime({ valid_at: '2026-07-01' }), excluded: [], plan: 'path' }));
    expect(ran.filter((p) => p.includes('ORDER BY e.path LIMIT'))).toEqual([]);
  });

  it('orders the same path in two vaults by vault, then line', () => {
    const q = parseValidTime({ valid_at: '2026-07-01' })!;
    const got = listObservations({ db, scope: buildScope(db, readScope({}, undefined)), window: { offset: 0, limit: 100 }, validTime: q, excluded: [] });
    const rows = got.ids.map((id) => db.get<{ path: string; vault: number; line: number }>('SELECT e.path, e.vault_id AS vault, o.line FROM observations o JOIN entries e ON e.id = o.entry_id WHERE o.id = ?', [id])!);
    const twice = rows.filter((r, i) => i > 0 && rows[i - 1].path === r.path && rows[i - 1].vault !== r.vault);
    expect(twice.length).toBeGreaterThan(0);
    for (let i = 1; i < rows.length; i++) {
      const [a, b] = [rows[i - 1], rows[i]];
      expect(a.path < b.path || (a.path === b.path && (a.vault < b.vault || (a.vault === b.vault && a.line < b.line)))).toBe(true);
    }
  });
});

/** The SQL a call runs, each with its query plan (the database itself, watched). */
function plans(run: () => void): string[] {
  const seen: { sql: string; params: unknown }[] = [];
  const methods = ['get', 'all', 'column'] as const;
  const saved = methods.map((k) => db[k]);
  methods.forEach((k, i) => {
    (db as unknown as Record<string, unknown>)[k] = (sql: string, params?: unknown) => {
      seen.push({ sql, params });
      return (saved[i] as (s: string, p?: unknown) => unknown).call(db, sql, params);
    };
  });
  try {
    run();
  } finally {
    methods.forEach((k, i) => ((db as unknown as Record<string, unknown>)[k] = saved[i]));
  }
  return seen.map((s) => `${s.sql}\n${db.all<{ detail: string }>(`EXPLAIN QUERY PLAN ${s.sql}`, s.params as never).map((r) => r.detail).join('\n')}`);
}

describe('the statements of a listing', () => {
  it('valid_at alone counts index entries only and walks notes in path order to fill the page', () => {
    const q = parseValidTime({ valid_at: '2026-07-01' })!;
    const scope = buildScope(db, readScope({}, undefined));
    const ran = plans(() => listObservations({ db, scope, window: { offset: 0, limit: 10 }, validTime: q, excluded: [], plan: 'walk', counting: 'sql' }));
    const counts = ran.filter((p) => p.startsWith('SELECT count(*)'));
    expect(counts.length).toBeGreaterThan(0);
    // Before: one statement read the assertions, their observations and notes, sorted them all and counted by a window function.
    for (const c of counts) expect(c).toMatch(/USING COVERING INDEX assertions_(time|end)/);
    const page = ran.find((p) => p.includes('LIMIT'))!;
    expect(page).toContain('SCAN e USING INDEX entries_path');
    expect(page).toContain('COVERING INDEX assertions_entry');
    expect(page).not.toMatch(/USE TEMP B-TREE FOR ORDER BY/);
  });
});

describe('the count under a scope that names few notes', () => {
  const SCOPED: Record<string, unknown>[] = [{ filters: { status: 'active' } }, { path_prefix: 'a/' }, { folder: 'a/sub' }, { path_prefix: 'b/', filters: { status: 'done' } }];
  const CASES: Record<string, unknown>[] = [{ valid_at: '2026-07-01' }, { valid_overlaps: '[2026-06-01,2026-08-01)' }, { valid_at: '2026-07-01', time_kind: 'due' }];

  it("seeks each note's assertions by entry, axis and lower bound, from the scope's ids, without reading entries row by row", () => {
    for (const scopeArgs of SCOPED) {
      const scope = buildScope(db, readScope(scopeArgs, undefined));
      for (const args of CASES) {
        const q = parseValidTime(args)!;
        const ran = plans(() => listObservations({ db, scope, window: { offset: 0, limit: 5 }, validTime: q, excluded: [], plan: 'walk', counting: 'sql' }));
        const count = ran.find((p) => p.startsWith('SELECT count(*)'))!;
        const at = JSON.stringify({ scopeArgs, args });
        // The scope is in the statement (its ids, as a list the seek reads) …
        expect(count, at).toMatch(/LIST SUBQUERY/);
        expect(count, at).toContain(scopeArgs.path_prefix || scopeArgs.folder ? scope.condition.sql : 'FROM fm WHERE');
        // … and each note's answers are one index range, not every assertion tested.
        expect(count, at).toContain('SEARCH a USING COVERING INDEX assertions_entry (entry_id=? AND axis=? AND lo<?)');
        expect(count, at).not.toMatch(/SCAN a\b/);
        // A filter alone counts straight from its id set; entries are not looked up again.
        if (!scopeArgs.path_prefix && !scopeArgs.folder) expect(count, at).not.toContain('INTEGER PRIMARY KEY');
      }
    }
  });
});

describe('the count from the bounds snapshot', () => {
  const CASES: Record<string, unknown>[] = [{ valid_at: '2026-07-01' }, { valid_overlaps: '[2026-06-01,2026-08-01)' }, { valid_at: '2026-07-01', time_kind: 'due' }, { time_kind: 'effective' }];

  it('reads no assertion once the snapshot is built: only its generation, and under a scope the ids in scope in one statement', () => {
    for (const scopeArgs of [{}, { filters: { status: 'active' } }, { path_prefix: 'a/' }, { folder: 'a/sub' }]) {
      const scope = buildScope(db, readScope(scopeArgs, undefined));
      for (const args of CASES) {
        const q = parseValidTime(args)!;
        listObservations({ db, scope, window: { offset: 0, limit: 5 }, validTime: q, excluded: [] });
        const ran = plans(() => listObservations({ db, scope, window: { offset: 0, limit: 5 }, validTime: q, excluded: [] }));
        const at = JSON.stringify({ scopeArgs, args });
        expect(ran.filter((p) => p.startsWith('SELECT count(*)')), at).toEqual([]);
        expect(ran.filter((p) => p.includes('assertions_generation')).length, at).toBe(1);
        // Only the page itself reads assertions (those of the notes it walks).
        expect(ran.filter((p) => /FROM assertions(?!_generation)/.test(p) && !p.includes('LIMIT')), at).toEqual([]);
        if (Object.keys(scopeArgs).length) expect(ran.filter((p) => p.includes('group_concat(id)')).length, at).toBe(1);
      }
    }
  });

  it('walks the ids of notes in path order to find those holding a near page, reading only their answers, and sorts the answering notes\' answers when it is far', () => {
    const scope = buildScope(db, readScope({ vault: 'test', filters: { status: 'active' } }, undefined));
    const q = parseValidTime({ time_kind: 'valid' })!;
    const page = (offset: number) => plans(() => listObservations({ db, scope, window: { offset, limit: 1 }, validTime: q, excluded: [] })).find((p) => p.includes('LIMIT') && !p.includes('ORDER BY e.path LIMIT'));
    const near = plans(() => listObservations({ db, scope, window: { offset: 0, limit: 1 }, validTime: q, excluded: [] }));
    // One statement of ids in path order (the filter is not tested again: the answering notes are in scope), …
    const walk = near.filter((p) => p.includes('ORDER BY e.path LIMIT'));
    expect(walk).toHaveLength(1);
    expect(walk[0]).toContain('SEARCH e USING COVERING INDEX sqlite_autoindex_entries_1 (vault_id=?)');
    expect(walk[0]).not.toContain('FROM fm');
    expect(walk[0]).not.toContain('assertions');
    // … then the answers of the one note holding the page, found by id.
    expect(page(0)).toContain('json_each');
    expect(page(0)).toContain('SEARCH e USING INTEGER PRIMARY KEY');
    expect(page(0)).not.toContain('SCAN e');
    const total = listObservations({ db, scope, window: { offset: 0, limit: 1 }, validTime: q, excluded: [] }).total;
    expect(page(total)).toBe(undefined); // past the end: no page is read
    const far = page(total - 1)!;
    expect(far).toContain('json_each');
    expect(far).toContain('SEARCH e USING INTEGER PRIMARY KEY');
    expect(far).not.toContain('SCAN e');
    expect(far).not.toContain('FROM fm');
  });
});
