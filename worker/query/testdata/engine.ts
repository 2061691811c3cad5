// Shared setup for the filter tests: the fixture vault in a real engine over
// real SQLite, and a way to ask which notes a filter selects.
import type { Db } from '../../db/database';
import type { Engine } from '../../engine';
import { engineWith } from '../../test/make-engine';
import { compileFilter } from '../index';
import { FILTER_NOTES } from './notes';

export async function fixtureEngine(): Promise<Engine> {
  return engineWith(FILTER_NOTES, 'test');
}

/** Paths of the entries (notes or files) a filter selects in one vault, sorted, shortened by `short`. */
export function matching(db: Db, filter: unknown, vault = 'test'): string[] {
  const c = compileFilter(filter);
  const where = c ? `AND ${c.sql}` : '';
  const sql = `SELECT e.path FROM entries e JOIN vaults v ON v.id = e.vault_id WHERE v.name = ? ${where} ORDER BY e.path`;
  return db.column<string>(sql, [vault, ...(c?.params ?? [])]).map(short);
}

/** notes/alpha.md → alpha; other paths unchanged. */
export function short(path: string): string {
  return path.replace(/^notes\/(.*)\.md$/, '$1');
}

/** Runs fn and returns the invalid_filter details it threw. */
export function rejection(fn: () => unknown): { code: string; path: string; message: string; reason: string } {
  try {
    fn();
  } catch (e) {
    const err = e as { code: string; path: string; message: string; details?: { reason: string } };
    return { code: err.code, path: err.path, message: err.message, reason: err.details?.reason ?? '' };
  }
  throw new Error('expected a rejection, got none');
}
