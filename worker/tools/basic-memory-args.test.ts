// Basic Memory's own arguments on its tool names (search_notes, list_directory),
// through the real tool registry over a real SQLite database: search_type,
// after_date, dir_name and depth are accepted; what Kioku cannot do is refused
// with what it offers instead.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { utimesSync } from 'node:fs';
import { join } from 'node:path';
import type { Engine } from '../engine';
import { makeEngine, ok } from '../test/make-engine';
import { removeTree, writeTree } from '../test/fixtures';
import { nodeSource } from '../ingest/walk-node';
import { afterDateBound } from '../query/after-date';

let engine: Engine;
let vault: string;
const DAY = 86_400_000;

beforeAll(async () => {
  vault = writeTree(
    {
      'projects/alpha/plan.md': '---\ntitle: Alpha plan\ntype: plan\n---\nThe rollout plan for alpha.\n',
      'projects/alpha/deep/notes.md': 'Deep rollout notes.\n',
      'projects/beta/old.md': 'An old rollout from long ago.\n',
      'research/ml/paper.md': 'A paper on rollout of models.\n',
      'readme.md': 'Rollout overview.\n',
    },
    'bm-args',
  );
  // Modified times: the old note two years back, the others now.
  const old = new Date(Date.now() - 730 * DAY);
  utimesSync(join(vault, 'projects/beta/old.md'), old, old);
  engine = await makeEngine();
  const s = await engine.importSource(nodeSource(vault));
  if (s.phase !== 'done') throw new Error(String(s.error));
});
afterAll(() => removeTree(vault));

interface Answer {
  mode: string;
  total: number;
  filter: unknown;
  results: { path: string }[];
  folders: { folder: string; notes: number }[];
}
const call = async (tool: string, args: Record<string, unknown>) => ok(await engine.call(tool, args)) as unknown as Answer;
const paths = (r: { results: { path: string }[] }) => r.results.map((h) => h.path).sort();
const folders = (r: { folders: { folder: string; notes: number }[] }) => r.folders.map((f) => `${f.folder}:${f.notes}`);

describe('search_notes with Basic Memory arguments', () => {
  it('search_type "text", "semantic"/"vector" and "hybrid" choose the mode', async () => {
    const text = (await call('search_notes', { query: 'rollout', search_type: 'text' }));
    expect(text.mode).toBe('text');
    expect(text.total).toBe(5);
    for (const t of ['semantic', 'vector', 'hybrid']) {
      // No embedder in this engine: the mode is accepted and refused only for want of a model, never as an unknown value.
      const r = (await engine.call('search_notes', { query: 'rollout', search_type: t })) as { mode?: string; error?: { message: string; path: string } };
      if (r.mode !== undefined) expect(r.mode).toBe(t === 'semantic' ? 'vector' : t);
      else expect(r.error?.message).not.toMatch(/must be one of/);
    }
  });

  it('search_type "title" and "permalink" are refused with what to use instead, naming search_type', async () => {
    const title = (await engine.call('search_notes', { query: 'Alpha plan', search_type: 'title' })) as { isError: true; error: { code: string; message: string; path: string } };
    expect(title.error).toMatchObject({ code: 'invalid_argument', path: 'search_type' });
    expect(title.error.message).toContain('read_note {"path": "<the title>"}');
    expect(title.error.message).toContain('search_type takes "text", "vector", "semantic", "hybrid"');
    const permalink = (await engine.call('search_notes', { query: 'docs/meeting-*', search_type: 'permalink' })) as { error: { message: string; path: string } };
    expect(permalink.error.path).toBe('search_type');
    expect(permalink.error.message).toContain('path_prefix "docs/"');
    const bad = (await engine.call('search_notes', { query: 'x', search_type: 'fuzzy' })) as { error: { message: string } };
    expect(bad.error.message).toBe('search_type must be one of "text", "vector", "semantic", "hybrid"; got the string "fuzzy".');
  });

  it('after_date keeps notes modified at or after the date (file.mtime), relative or absolute, and echoes it in filter', async () => {
    const week = (await call('search_notes', { query: 'rollout', search_type: 'text', after_date: '1 week' }));
    expect(paths(week)).toEqual(['projects/alpha/deep/notes.md', 'projects/alpha/plan.md', 'readme.md', 'research/ml/paper.md']);
    expect(week.filter).toEqual({ 'file.mtime': { $gte: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/) } });
    const dated = (await call('search_notes', { query: 'rollout', mode: 'text', after_date: new Date(Date.now() - 1000 * DAY).toISOString().slice(0, 10) }));
    expect(dated.total).toBe(5);
    const withFilter = (await call('search', { query: 'rollout', mode: 'text', after_date: '2d', filters: { 'file.mtime': { $lt: '2999-01-01' } } }));
    expect(withFilter.total).toBe(4);
    expect(withFilter.filter).toMatchObject({ 'file.mtime': { $lt: '2999-01-01', $gte: expect.any(String) } });
  });

  it('after_date forms: dates, instants, today, ago; anything else names the accepted forms', () => {
    const now = Date.parse('2026-03-15T12:00:00Z');
    expect(afterDateBound('2024-01-01', 'after_date', now)).toBe('2024-01-01T00:00:00');
    expect(afterDateBound('2024-01-01T09:30:00+02:00', 'after_date', now)).toBe('2024-01-01T07:30:00');
    expect(afterDateBound('today', 'after_date', now)).toBe('2026-03-15T00:00:00');
    expect(afterDateBound('yesterday', 'after_date', now)).toBe('2026-03-14T00:00:00');
    expect(afterDateBound('1 week', 'after_date', now)).toBe('2026-03-08T12:00:00');
    expect(afterDateBound('2d', 'after_date', now)).toBe('2026-03-13T12:00:00');
    expect(afterDateBound('3 months ago', 'after_date', now)).toBe('2025-12-15T12:00:00');
    expect(() => afterDateBound('last tuesday', 'after_date', now)).toThrow(/after_date must be a date \("2024-01-01"\).*got "last tuesday"/);
  });

  it('after_date with a $gte on file.mtime in filters asks for the date in one place; a bad value names after_date', async () => {
    const both = (await engine.call('search_notes', { query: 'x', after_date: '1d', metadata_filters: { 'file.mtime': { $gte: '2020-01-01' } } })) as { error: { path: string; message: string } };
    expect(both.error.path).toBe('after_date');
    expect(both.error.message).toContain('Give the date in one place');
    const bad = (await engine.call('search_notes', { query: 'x', after_date: 7 })) as { error: { path: string; code: string } };
    expect(bad.error).toMatchObject({ code: 'invalid_argument', path: 'after_date' });
  });

  it('types (note types) is refused with the filter that does it, not "did you mean tags"', async () => {
    const r = (await engine.call('search_notes', { query: 'plan', types: ['plan'] })) as { error: { code: string; path: string; message: string } };
    expect(r.error).toMatchObject({ code: 'invalid_argument', path: 'types' });
    expect(r.error.message).toContain('filters {"type": {"$in"');
    expect(r.error.message).not.toContain('Did you mean');
    // Named as it was called: the agent called search_notes.
    expect(r.error.message).toMatch(/^search_notes \(Kioku's search\) does not take "types"/);
    const unknown = (await engine.call('search_notes', { query: 'plan', page_sise: 5 })) as { error: { message: string } };
    expect(unknown.error.message).toMatch(/search_notes \(Kioku's search\) takes: query/);
    // …and the filter it names works.
    expect(paths((await call('search_notes', { query: 'rollout', mode: 'text', metadata_filters: { type: { $in: ['plan'] } } })))).toEqual(['projects/alpha/plan.md']);
  });
});

describe('list_directory with Basic Memory arguments', () => {
  it('without them, every folder as before', async () => {
    expect(folders((await call('list_directory', {})))).toEqual([':1', 'projects/alpha:1', 'projects/alpha/deep:1', 'projects/beta:1', 'research/ml:1']);
  });

  it('dir_name "/" with depth 1: the root and the folders directly in it, those holding only folders included', async () => {
    expect(folders((await call('list_directory', { dir_name: '/', depth: 1 })))).toEqual([':1', 'projects:0', 'research:0']);
  });

  it('dir_name "/projects" lists that subtree; depth limits the levels below it', async () => {
    expect(folders((await call('list_directory', { dir_name: '/projects' })))).toEqual(['projects:0', 'projects/alpha:1', 'projects/alpha/deep:1', 'projects/beta:1']);
    expect(folders((await call('list_directory', { dir_name: 'projects/', depth: 1 })))).toEqual(['projects:0', 'projects/alpha:1', 'projects/beta:1']);
    expect(folders((await call('folders', { folder: 'projects/alpha', depth: 2, project: 'bm-args' })))).toEqual(['projects/alpha:1', 'projects/alpha/deep:1']);
  });

  it('a missing dir_name is not_found naming dir_name; a bad depth and file_name_glob say what to use', async () => {
    const missing = (await engine.call('list_directory', { dir_name: '/nope' })) as { error: { code: string; path: string } };
    expect(missing.error).toMatchObject({ code: 'not_found', path: 'dir_name' });
    const depth = (await engine.call('list_directory', { depth: 0 })) as { error: { code: string; path: string } };
    expect(depth.error).toMatchObject({ code: 'invalid_argument', path: 'depth' });
    const glob = (await engine.call('list_directory', { file_name_glob: '*meeting*' })) as { error: { path: string; message: string } };
    expect(glob.error.path).toBe('file_name_glob');
    expect(glob.error.message).toContain('"file.name": {"$contains"');
  });
});
