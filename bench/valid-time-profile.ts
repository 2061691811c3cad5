// npm run bench:valid-time:profile: where a valid-time search spends its
// time, statement by statement, on bench:valid-time's vault and rows (the
// same scenario, --opt profile=1): every SQL statement the search tool runs
// is timed (wall, around the backend call) and grouped by its text; what is
// left of the call is JavaScript (argument parsing, scope, hydration,
// snippets). Rows run one after the other, not interleaved.
// Options: --chromium (default) or --node, --no-build, and the scenario's
// --opt rows=a,b (substrings of row names; the baseline always runs),
// vault=seekstone|synthetic, queries=N (default 200).
import { parseArgs, runBench } from './browser/cli';
import { markdownTable } from './browser/table';

const argv = process.argv.slice(2);
const hosts = argv.includes('--node') ? ['--node'] : argv.includes('--both') ? ['--both'] : [];
const passOn = argv.filter((a) => !['--node', '--chromium', '--both'].includes(a));
const queries = passOn.some((a) => a.startsWith('queries=')) ? [] : ['--opt', 'queries=200'];
const result = await runBench(parseArgs(['valid-time', ...hosts, '--opt', 'profile=1', ...queries, ...passOn]));
if (!result) {
  process.stdout.write('bench:valid-time:profile skipped: seekstone-10k is not on this machine (the corpora live in ../shared).\n');
  process.exit(0);
}
process.stdout.write(`${markdownTable(result.rows)}\n\nMachine: ${result.machine}\n`);
