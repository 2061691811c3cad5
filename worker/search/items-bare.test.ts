// Ranking observations and relations by words with no scope skips the joins
// to their rows and notes (search/items.ts bareMatches). The answers must be
// those of the joined statement, which a scope naming the only vault still
// runs: the same hits, order, scores, totals and relaxed flag.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../engine';
import { engineWith, ok } from '../test/make-engine';

let engine: Engine;
beforeAll(async () => {
  const files: Record<string, string> = {};
  const forms = ['@effective[2026-06-10,2026-07-27)', '@effective:2026-07-27', '@2026-07', '', '@occurred[2026-07-01T10:00:00Z,2026-07-01T12:00:00Z]'];
  for (let i = 0; i < 30; i++) {
    files[`f${i % 3}/n${i}.md`] = `# Note ${i}\n\n- [decision] ${forms[i % 5]} The cache layer uses redis ${i}\n- [risk] ${forms[(i + 2) % 5]} Queue backlog grows when redis is slow\n- depends_on [[Note ${(i + 1) % 30}]]\n- [fact] plain text about queues\n`;
  }
  engine = await engineWith(files, 'only');
}, 60_000);

type Result = { total: number; relaxed?: boolean; results: { id: string; score: number }[] };
const search = async (args: Record<string, unknown>) => ok(await engine.call('search', { mode: 'text', page_size: 100, ...args })) as unknown as Result;

describe('items ranked by words without a scope', () => {
  const QUESTIONS: Record<string, unknown>[] = [
    { query: 'redis', entity_types: ['observation'] },
    { query: 'redis queue', entity_types: ['observation', 'relation'] },
    { query: 'note', entity_types: ['relation'] },
    { query: 'redis', valid_at: '2026-07-01' },
    { query: 'cache backlog', valid_overlaps: '[2026-06-01,2026-08-01)' },
    { query: 'redis -queue', valid_at: '2026-07-28', time_kind: 'effective' },
    { query: 'redis', valid_at: '2026-07-01T11:00:00Z' },
  ];
  it('answers as the statement joined to the rows and notes', async () => {
    for (const q of QUESTIONS) {
      const bare = await search(q);
      const joined = await search({ ...q, vault: 'only' });
      expect(bare.results.length, JSON.stringify(q)).toBeGreaterThan(0);
      expect(bare.total, JSON.stringify(q)).toBe(joined.total);
      expect(bare.relaxed, JSON.stringify(q)).toBe(joined.relaxed);
      expect(bare.results.map((r) => [r.id, r.score]), JSON.stringify(q)).toEqual(joined.results.map((r) => [r.id, r.score]));
    }
  });
});

describe('a question no item answers', () => {
  it('is answered by the ranking statement alone on the first page (an empty first page means no answers)', async () => {
    const db = engine.db;
    const before = { all: db.all, get: db.get };
    let n = 0;
    const counted = <F extends (sql: string, p?: never) => unknown>(f: F) => ((sql: string, p?: never) => ((n += +sql.includes('kg_fts MATCH')), f.call(db, sql, p))) as F;
    db.all = counted(before.all as (sql: string, p?: never) => never[]) as typeof db.all;
    db.get = counted(before.get as (sql: string, p?: never) => never) as typeof db.get;
    try {
      expect((await search({ query: 'redis', valid_at: '2001-01-01' })).total).toBe(0);
      expect(n).toBe(1);
      // Past the last page the total is still exact: counted by a second statement.
      const all = (await search({ query: 'redis', valid_at: '2026-07-01' })).total;
      expect(all).toBeGreaterThan(0);
      n = 0;
      expect((await search({ query: 'redis', valid_at: '2026-07-01', page: 9 })).total).toBe(all);
      expect(n).toBe(2);
    } finally {
      Object.assign(db, before);
    }
  });
});
