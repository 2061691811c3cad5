// The hostile vault of issue 11 (bench/reliability/hostile-corpus.ts, with a
// 3 MB big note here; `npm run reliability` uses 50 MB): the import reports
// every problem, read_note returns every body it promises, nothing from
// outside the vault gets in, and nothing crashes.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkHostileImport } from '../../bench/reliability/check';
import { writeHostileVault } from '../../bench/reliability/hostile-corpus';
import { makeEngine } from '../test/make-engine';

const base = mkdtempSync(join(tmpdir(), 'kioku-hostile-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('the hostile vault', () => {
  it('imports every file as what it must be, reporting every problem', async () => {
    const root = join(base, 'vault');
    const files = writeHostileVault(root, { bigNoteMB: 3 });
    const report = await checkHostileImport(await makeEngine(), root, files);
    expect(report.failures).toEqual([]);
    expect(report).toMatchObject({ asExpected: files.length, bodiesLost: 0, crashes: 0, leaked: 0 });
    expect(report.problems).toBeGreaterThanOrEqual(files.filter((f) => f.problems?.length).length);
  }, 120_000);
});
