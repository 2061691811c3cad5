// Issue 13's worked example end to end through the kioku command: a vault on
// disk indexed into a database file, then `kioku call search` with and
// without valid-time arguments, as a user or an agent would run it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { removeTree, writeTree } from '../worker/test/fixtures';

const ROOT = new URL('..', import.meta.url).pathname;

function kioku(args: string[]) {
  const r = spawnSync(process.execPath, [join(ROOT, 'cli/kioku.mjs'), ...args], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

let vault: string;
let db: string;

beforeAll(() => {
  vault = writeTree(
    {
      'decisions/cache-layer.md': '---\ntitle: Cache Layer\n---\n# Cache Layer\n\n- [decision] @effective[2026-06-10,2026-07-27) The cache layer will use Redis.\n- [decision] @effective:2026-07-27 The cache layer will use Memcached.\n',
      'decisions/queue-layer.md': '---\ntitle: Queue Layer\n---\n# Queue Layer\n\n- [decision] The queue layer uses RabbitMQ.\n',
    },
    'decisions-vault',
  );
  db = join(vault, '..', 'notes.kioku');
  expect(kioku(['index', vault, '--db', db, '--no-embed']).code).toBe(0);
}, 120_000);
afterAll(() => removeTree(vault));

function search(args: Record<string, unknown>): { results: { content?: string; path: string }[]; temporal_applied?: boolean } {
  const r = kioku(['call', 'search', JSON.stringify(args), '--db', db, '--no-embed']);
  expect(r.stderr).toBe('');
  return JSON.parse(r.stdout);
}

describe('kioku call search with valid time', () => {
  it('answers what the notes said was true on a date', () => {
    const after = search({ query: 'layer', valid_at: '2026-07-28' });
    expect(after.results.map((h) => h.content)).toEqual(['The cache layer will use Memcached.']);
    expect(after.temporal_applied).toBe(true);
    expect(search({ query: 'layer', valid_at: '2026-07-01' }).results.map((h) => h.content)).toEqual(['The cache layer will use Redis.']);
    expect(search({ query: 'layer', valid_overlaps: '[2026-06-01,2026-08-01)' }).results.map((h) => h.content).sort()).toEqual([
      'The cache layer will use Memcached.', 'The cache layer will use Redis.',
    ]);
    const plain = search({ query: 'layer', entity_types: ['observation'] });
    expect(plain.results.map((h) => h.content).sort()).toEqual(['The cache layer will use Memcached.', 'The cache layer will use Redis.', 'The queue layer uses RabbitMQ.']);
    expect(plain.temporal_applied).toBeUndefined();
  }, 120_000);

  it('refuses a bad date with invalid_argument and a non-zero exit', () => {
    const r = kioku(['call', 'search', '{"valid_at":"2026-13-01"}', '--db', db, '--no-embed']);
    expect(r.code).not.toBe(0);
    expect(r.stdout + r.stderr).toContain('invalid_argument');
    expect(r.stdout + r.stderr).toContain('no month 13');
  }, 60_000);
});
