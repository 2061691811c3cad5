// npm run bench:memory: resident memory of the engine worker and the embed
// worker with seekstone-10k and a vector for every passage, in headless
// Chromium (scenario bench/browser/scenarios/memory.ts); prints the table and
// writes it into docs/benchmarks.md. Options: --no-build, --no-doc.
import { runBench, parseArgs } from './browser/cli';
import { writeDocSection } from './browser/doc-section';
import { markdownTable } from './browser/table';

const argv = process.argv.slice(2);
const writeDoc = !argv.includes('--no-doc');
const result = await runBench(parseArgs(['memory', ...argv.filter((a) => a !== '--no-doc')]));
if (!result) {
  process.stdout.write('bench:memory skipped: the corpora in ../shared are not on this machine.\n');
  process.exit(0);
}
const table = markdownTable(result.rows);
process.stdout.write(`${table}\n\nMachine: ${result.machine}\n`);
if (writeDoc) {
  writeDocSection(
    'memory',
    `## Memory (\`npm run bench:memory\`)

The resident memory (RSS) of the Chromium renderer process that runs the
bench page, the engine worker and the embed worker (Chromium runs a page's
dedicated workers in its process), read from /proc at each stage, after a
pause for garbage collection. seekstone-10k is imported into OPFS, every
note is cut into passages, the embed worker loads the bundled model and
embeds a few batches, then a vector is stored for every passage (random
bytes: memory does not depend on the values) and the vector index is
loaded, as for a fully embedded vault. The engine worker also holds the
packed corpus it imports from (70 MB), which in the app is files read from
disk one batch at a time.

Measured ${new Date().toISOString().slice(0, 10)} on ${result.machine}.

${table}

Reading it: the baseline (page and an empty engine) is about 230 MB of
Chromium's own. Loading the model in the embed worker adds about 130 MB,
and stopping the embed worker gives back about 220 MB (the app stops it
when its queue is empty). SQLite's wasm heap stays at 76 MB (its page cache
is capped at 64 MB). The vector index holds 116 MB of int8 rows, but loading
it grows the process by about 280 MB: the rows are read from SQLite in
slices, and V8 and wasm keep memory they have grown into. So the engine
worker's live data with 10,000 notes and 219,058 passage vectors is about
200 MB (index plus SQLite heap), inside the 300 MB target, but the process
as a whole peaks near 900 MB with the corpus pack, the embed worker and
unreturned heap included; RSS per worker cannot be read separately.`,
  );
  process.stdout.write('\nWrote the memory section of docs/benchmarks.md.\n');
}
