// A team space indexed by `kioku index` (no identity yet), then served or
// called with --user: my own folders are subscribed then, as set_identity and
// an import with an identity do. A trial's `kioku mcp --db … --user alice`
// had no subscriptions, and SearchNotes answered nothing without a word.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { removeTree, writeTree } from '../worker/test/fixtures';

const ROOT = new URL('..', import.meta.url).pathname;

function kioku(args: string[]) {
  const r = spawnSync(process.execPath, [join(ROOT, 'cli/kioku.mjs'), ...args], { cwd: ROOT, encoding: 'utf8', timeout: 60_000, env: { ...process.env, KIOKU_USER: '', KIOKU_ORGS: '' } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

let vault: string;
let db: string;

beforeAll(() => {
  vault = writeTree(
    {
      'users/alice/notes/ops/mine.md': '---\ntitle: Mine\n---\nThe kubernetes pod restarts nightly.\n',
      'users/bob/notes/ops/public.md': '---\ntitle: Bob public\nvisibility: public\n---\nAnother kubernetes pod.\n',
    },
    'team-cli',
  );
  db = join(vault, '..', 'team.kioku');
  expect(kioku(['index', vault, '--db', db, '--no-embed']).code).toBe(0);
}, 120_000);
afterAll(() => removeTree(vault));

describe('kioku --user on an index made without one', () => {
  it('subscribes my own folders, so SearchNotes finds my notes', () => {
    const subs = JSON.parse(kioku(['call', 'subscriptions', '{}', '--db', db, '--user', 'alice', '-q', '--no-embed']).stdout);
    expect(subs.subscriptions).toContainEqual(expect.objectContaining({ owner: 'alice', folder: 'ops', mode: 'search', enabled: true }));
    const found = JSON.parse(kioku(['call', 'SearchNotes', '{"query":"kubernetes pod"}', '--db', db, '--user', 'alice', '-q', '--no-embed']).stdout);
    expect(found.results).toEqual(['alice/ops/mine.md: Mine']);
  });
});
