// npm run bench:browser -- <scenario> [options]
//   --corpus <name>[=<dir>]  a corpus to hand in (repeatable); known names: see KNOWN_CORPORA
//   --opt <key>=<value>      an option for the scenario (repeatable)
//   --node                   run in Node only; --both: Chromium and Node (default: Chromium)
//   --no-build               reuse bench/out/browser from the last run
// Prints the rows as a Markdown table. Corpora that are missing (no ../shared)
// are skipped with a message; with none left the scenario is skipped.
import { existsSync } from 'node:fs';
import { openChromiumBench } from './chromium';
import { KNOWN_CORPORA, readCorpus } from './corpus-node';
import { loadScenario, runInNode } from './node';
import type { PackedFile } from './pack';
import type { BenchRow } from './scenario';
import { markdownTable } from './table';
import { describeMachine } from './machine';

export interface CliRequest {
  scenario: string;
  corpora: Record<string, string>;
  options: Record<string, string>;
  hosts: ('chromium' | 'node')[];
  build: boolean;
  /** Serve the page cross-origin isolated (COOP/COEP), as npm start does. */
  isolated?: boolean;
}

export function parseArgs(argv: string[]): CliRequest {
  const req: CliRequest = { scenario: '', corpora: {}, options: {}, hosts: ['chromium'], build: true };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--corpus') {
      const [name, dir] = (argv[++i] ?? '').split('=');
      req.corpora[name] = dir ?? KNOWN_CORPORA[name] ?? name;
    } else if (a === '--opt') {
      const v = argv[++i] ?? '';
      const eq = v.indexOf('=');
      req.options[eq < 0 ? v : v.slice(0, eq)] = eq < 0 ? 'yes' : v.slice(eq + 1);
    } else if (a === '--node') req.hosts = ['node'];
    else if (a === '--both') req.hosts = ['chromium', 'node'];
    else if (a === '--no-build') req.build = false;
    else if (a === '--isolated') req.isolated = true;
    else if (!req.scenario) req.scenario = a;
    else throw new Error(`unexpected argument ${a}`);
  }
  if (!req.scenario) throw new Error('usage: npm run bench:browser -- <scenario> [--corpus name[=dir]] [--opt k=v] [--node|--both] [--no-build]');
  return req;
}

/** Loads the corpora that exist; says which ones are skipped. */
export async function loadCorpora(wanted: Record<string, string>): Promise<Record<string, PackedFile[]>> {
  const out: Record<string, PackedFile[]> = {};
  for (const [name, dir] of Object.entries(wanted)) {
    if (!existsSync(dir)) {
      process.stderr.write(`skipping corpus ${name}: ${dir} does not exist (the benchmark corpora live in ../shared)\n`);
      continue;
    }
    out[name] = await readCorpus(dir);
  }
  return out;
}

export async function runBench(req: CliRequest): Promise<{ rows: BenchRow[]; machine: string } | null> {
  const scenario = await loadScenario(req.scenario);
  const wanted = Object.keys(req.corpora).length
    ? req.corpora
    : Object.fromEntries((scenario.defaultCorpora ?? []).map((n) => [n, KNOWN_CORPORA[n] ?? n]));
  const corpora = await loadCorpora(wanted);
  if (Object.keys(wanted).length > 0 && Object.keys(corpora).length === 0) {
    process.stderr.write(`skipping benchmark ${req.scenario}: none of its corpora are present\n`);
    return null;
  }
  const rows: BenchRow[] = [];
  let chromiumVersion: string | undefined;
  if (req.hosts.includes('chromium')) {
    const bench = await openChromiumBench({ build: req.build, isolated: req.isolated });
    chromiumVersion = bench.chromium;
    try {
      rows.push(...(await bench.run(req.scenario, corpora, req.options)));
    } finally {
      await bench.close();
    }
  }
  if (req.hosts.includes('node')) rows.push(...(await runInNode(req.scenario, corpora, req.options)));
  return { rows, machine: describeMachine(chromiumVersion) };
}

const isMain = process.argv[1] && new URL(import.meta.url).pathname === process.argv[1];
if (isMain) {
  try {
    const result = await runBench(parseArgs(process.argv.slice(2)));
    if (result) process.stdout.write(`${markdownTable(result.rows)}\n\nMachine: ${result.machine}\n`);
  } catch (e) {
    process.stderr.write(`bench: ${(e as Error)?.stack ?? e}\n`);
    process.exitCode = 1;
  }
}
