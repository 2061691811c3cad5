// What the search-tool tests share: calls that unwrap a result or an error,
// and a note written from a title, a body and frontmatter lines.
import { expect } from 'vitest';
import type { Engine } from '../engine';
import type { SearchResult } from '../tools/search';
import { ok } from './make-engine';

export async function search(engine: Engine, args: Record<string, unknown>): Promise<SearchResult> {
  return ok(await engine.call('search', args)) as SearchResult;
}

/** The error of a search that must fail. */
export async function searchError(engine: Engine, args: Record<string, unknown>): Promise<{ code: string; message: string; path?: string }> {
  const r = (await engine.call('search', args)) as { isError?: boolean; error: { code: string; message: string; path?: string } };
  expect(r.isError).toBe(true);
  return r.error;
}

export const hitPaths = (r: SearchResult) => r.results.map((h) => h.path);

export const note = (title: string, body: string, fm = '') => `---\ntitle: ${JSON.stringify(title)}\n${fm}---\n${body}\n`;
