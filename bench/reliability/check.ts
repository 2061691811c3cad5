// Imports a hostile vault (hostile-corpus.ts) and checks every file against
// what it must become; returns the figures for docs/reliability.md.
import type { Engine } from '../../worker/engine';
import { nodeSource } from '../../worker/ingest/walk-node';
import type { HostileFile } from './hostile-corpus';

export interface HostileReport {
  files: number;
  /** Files that became exactly what they must (note, file or reported problem). */
  asExpected: number;
  /** Problems reported by the import. */
  problems: number;
  /** Notes whose body read_note did not return (data lost). */
  bodiesLost: number;
  /** Calls that threw or returned code internal. */
  crashes: number;
  /** Text from outside the vault found in the index. */
  leaked: number;
  importSeconds: number;
  failures: string[];
}

type ReadNote = { isError?: boolean; error?: { code: string; message: string }; kind?: string; body?: string; body_truncated?: boolean };

export async function checkHostileImport(engine: Engine, root: string, files: HostileFile[], vault = 'hostile'): Promise<HostileReport> {
  const report: HostileReport = { files: files.length, asExpected: 0, problems: 0, bodiesLost: 0, crashes: 0, leaked: 0, importSeconds: 0, failures: [] };
  const t = performance.now();
  let summary;
  try {
    summary = await engine.importSource(nodeSource(root, vault));
  } catch (e) {
    report.crashes++;
    report.failures.push(`import threw: ${(e as Error).message}`);
    return report;
  }
  report.importSeconds = Math.round(performance.now() - t) / 1000;
  if (summary.phase !== 'done') report.failures.push(`import ended ${summary.phase}: ${summary.error}`);
  report.problems = summary.problemList.length;
  const problemsOf = (path: string) => summary.problemList.filter((p) => p.path === path).map((p) => p.code);
  for (const f of files) {
    const path = f.path.normalize('NFC');
    const fail = (why: string) => report.failures.push(`${JSON.stringify(f.path)} (${f.why}): ${why}`);
    const missing = (f.problems ?? []).filter((c) => !problemsOf(path).includes(c as never));
    const r = (await engine.call('read_note', { path: `${vault}:${path}` })) as ReadNote;
    if (r.isError && r.error?.code === 'internal') report.crashes++;
    let ok = missing.length === 0;
    if (missing.length) fail(`problems ${missing.join(', ')} not reported (got ${problemsOf(path).join(', ') || 'none'})`);
    if (f.expect === 'problem') {
      if (!r.isError) {
        ok = false;
        fail('was imported, but must not be');
      }
    } else if (r.isError) {
      ok = false;
      fail(`read_note failed: ${r.error?.message}`);
      if (f.expect === 'note') report.bodiesLost++;
    } else if (r.kind !== f.expect) {
      ok = false;
      fail(`became a ${r.kind}, not a ${f.expect}`);
    } else if (f.bodyHas && !r.body?.includes(f.bodyHas)) {
      ok = false;
      report.bodiesLost++;
      fail(`the body read back lacks ${JSON.stringify(f.bodyHas)}`);
    }
    if (ok) report.asExpected++;
  }
  const leak = (await engine.call('search', { query: 'SECRET', mode: 'text' })) as { results?: unknown[] };
  report.leaked = leak.results?.length ?? 0;
  if (report.leaked) report.failures.push('text from outside the vault is searchable');
  return report;
}
