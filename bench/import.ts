// npm run bench:import: imports seekstone-10k (10,000 English notes) and
// d365-finops-ja (4,202 Japanese docs) in headless Chromium (OPFS) and in
// Node, prints the table and writes it into docs/benchmarks.md.
// Options: --no-build, --no-doc (print only), --opt repeat=N.
import { runBench, parseArgs } from './browser/cli';
import { writeDocSection } from './browser/doc-section';
import { markdownTable } from './browser/table';

const argv = process.argv.slice(2);
const writeDoc = !argv.includes('--no-doc');
const req = parseArgs(['import', '--both', ...argv.filter((a) => a !== '--no-doc')]);

const result = await runBench(req);
if (!result) {
  process.stdout.write('bench:import skipped: the corpora in ../shared are not on this machine.\n');
} else {
  const table = markdownTable(result.rows);
  process.stdout.write(`${table}\n\nMachine: ${result.machine}\n`);
  if (writeDoc) {
    writeDocSection(
      'import',
      `## Import (\`npm run bench:import\`)

Each corpus is imported into an empty database: read from memory, decoded,
frontmatter parsed and stored as typed rows, Markdown structure extracted,
FTS-indexed, committed in batches; then imported again unchanged (every file
read and hashed, nothing rewritten). In Chromium this runs in the engine's
Web Worker on the OPFS database (opfs-sahpool) of a persistent profile; in
Node on the in-memory database the CLI uses. Target: seekstone-10k in ≤ 6 s
in Chromium.

Measured ${new Date().toISOString().slice(0, 10)} on ${result.machine}.
The machine was shared with other work while this ran; the coordinator
re-runs the benchmarks on a quiet machine.

${table}`,
    );
    process.stdout.write('\nWrote the import section of docs/benchmarks.md.\n');
  }
}
