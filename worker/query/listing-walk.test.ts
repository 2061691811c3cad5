// Small filter results in path order: the listing walks to the page when the
// matches are spread out and falls back to sorting them when they cluster
// past its budget; either way the pages are the sort's (real engine, real SQLite).
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../engine';
import { metadataScope, readMetadataArgs } from '.';
import { listNotes, type Strategy } from './listing';
import { engineWith, ok } from '../test/make-engine';

const NOTES = 1000;
let engine: Engine;

beforeAll(async () => {
  const files: Record<string, string> = {};
  for (let i = 0; i < NOTES; i++) {
    const n = String(i).padStart(4, '0');
    // spread: every 4th note; late: the last 250 in path order; tags: a list, written twice on some notes.
    const fm = [
      i % 4 === 1 ? 'group: spread' : '',
      i >= NOTES - 250 ? 'place: late' : '',
      i % 3 === 0 ? `tags: [history${i % 9 === 0 ? ', history, history/rome' : ''}]` : 'tags: [other]',
    ].filter(Boolean);
    files[`n/${n}.md`] = `---\n${fm.join('\n')}\n---\n# Note ${n}\n\nBody of note ${n}.\n`;
  }
  engine = await engineWith(files, 'walk');
}, 60_000);

const compiled = (filters: Record<string, unknown>) => metadataScope(readMetadataArgs({ filters }), undefined).compiled;
const list = (filters: Record<string, unknown>, page: number, strategy?: Strategy, vaultId?: number) =>
  listNotes(engine.db, { filter: compiled(filters), vaultId, page, pageSize: 10, strategy });

describe('listing a few hundred matches in path order', () => {
  it('walks to an early page of spread-out matches and gives the sorted page and total', () => {
    for (const vaultId of [undefined, 1]) {
      const page = list({ group: 'spread' }, 1, undefined, vaultId);
      expect(page.strategy).toBe('walk');
      const sorted = list({ group: 'spread' }, 1, 'sort', vaultId);
      expect(page.rows).toEqual(sorted.rows);
      expect([page.total, sorted.total]).toEqual([250, 250]);
    }
  });

  it('sorts when the matches lie past the walk budget', () => {
    const page = list({ place: 'late' }, 1);
    expect(page.strategy).toBe('sort');
    expect(page.rows.map((r) => r.path)[0]).toBe('n/0750.md');
  });

  it('lists every page as the sort does, with exact totals, for spread, clustered and repeated matches', () => {
    for (const filters of [{ group: 'spread' }, { place: 'late' }, { tags: 'history' }, { group: 'spread', tags: 'history' }]) {
      const total = list(filters, 1, 'sort').total;
      const strategies = new Set<string>();
      for (let page = 1; page <= Math.ceil(total / 10) + 1; page++) {
        const auto = list(filters, page);
        const sorted = list(filters, page, 'sort');
        strategies.add(auto.strategy);
        expect(auto.rows, `${JSON.stringify(filters)} page ${page}`).toEqual(sorted.rows);
        expect(auto.total).toBe(total);
      }
      if (filters.group === 'spread' && !('tags' in filters)) expect([...strategies]).toContain('walk');
    }
  });

  it('gives the search tool the same filter-only pages', async () => {
    const first = ok(await engine.call('search', { filters: { tags: 'history' }, page_size: 10 }));
    expect(first.total).toBe(334);
    expect(first.results.map((h) => h.path)).toEqual(list({ tags: 'history' }, 1, 'sort').rows.map((r) => r.path));
  });
});
