// npm run bench:embed-chromium: embedding throughput of the app's embed
// worker in headless Chromium, served cross-origin isolated as npm start
// serves the app (bench/browser/scenarios/embed-throughput.ts): 1, 2 and N
// ONNX Runtime threads (spinning or not), two workers side by side, batch
// sizes, batches of similar length, int8 weights beside float32, and the embed
// worker's peak memory, in one run. Writes the "embed-chromium" section of
// docs/benchmarks.md. Options: --no-build, --no-doc, --opt sample=N, --opt rounds=N,
// --opt files=q8 (the earlier default file only); --opt set=first (with
// --opt first=N): every note's first passage beside the ordinary sample, sort
// windows, threads and session options, written to the "embed-first" section;
// --opt set=window: the browser's batch size (8) with sort windows of 4 batches
// and of 256 passages (print only; docs/benchmarks.md quotes it); --opt set=workers
// (with --opt first=N, also on first passages): the browser's batch on one
// worker and thread, one worker and two threads, two workers of one thread
// (print only); --opt set=build: ONNX Runtime's two wasm builds, model load and
// throughput at 1 and 2 threads (print only).
import { loadavg } from 'node:os';
import { parseArgs, runBench } from './browser/cli';
import { writeDocSection } from './browser/doc-section';
import { markdownTable } from './browser/table';
import { loadNote } from './lib/load';

const LOAD_BEFORE = loadavg()[0];
const argv = process.argv.slice(2);
const result = await runBench(parseArgs(['embed-throughput', '--isolated', ...argv.filter((a) => a !== '--no-doc')]));
if (!result) {
  process.stdout.write('bench:embed-chromium skipped: seekstone-10k in ../shared is not on this machine.\n');
} else {
  const table = markdownTable(result.rows);
  process.stdout.write(`${table}\n\nMachine: ${result.machine}\n`);
  if (!argv.includes('--no-doc') && argv.includes('set=first')) {
    writeDocSection(
      'embed-first',
      `### Every note's first passage, Chromium (\`npm run bench:embed-chromium -- --opt set=first\`)

The default file (int8 compute), batches of similar length, in the app's embed
worker as above. \`first passages\`: runs of 64 consecutive first passages (the
queue's first phase, in its order) taken at evenly spread places of
seekstone-10k; \`spread sample\`: the passages of the table above.
\`mean_tokens\`: the model's tokens a passage; \`fed_per_real\`: tokens fed
to the model (every passage padded to its batch's longest) over real tokens.
\`window\`: batches read at once and sorted by length. \`session\`: ONNX Runtime
session options beside its defaults. \`extrapolated_min\`: all of seekstone's
passages, or all 10,000 first passages, at the best round's wall rate
(\`extrapolated_min_cpu\`: at its CPU rate, what an otherwise idle core would
give on one thread). Configurations interleaved in rounds.

Measured ${new Date().toISOString().slice(0, 10)} on ${result.machine}.
${loadNote(LOAD_BEFORE)}

${table}`,
    );
    process.stdout.write('\nWrote its section of docs/benchmarks.md.\n');
  } else if (!argv.includes('--no-doc') && !argv.includes('set=window') && !argv.includes('set=workers') && !argv.includes('set=build')) {
    writeDocSection(
      'embed-chromium',
      `## Embedding throughput, Chromium (\`npm run bench:embed-chromium\`)

The app's embed worker (transformers.js over ONNX Runtime wasm, USE-lite) in
headless Chromium, the page served with COOP/COEP as \`npm start\` serves the
app, so it is cross-origin isolated and ONNX Runtime may use threads. A
sample of seekstone-10k's passages spread over the vault (the same sample
rule as bench:vector-chromium, whose own run needs the whole vault
embedded in Node first, which this machine could not do in the time) is
embedded once per configuration, each in
a fresh embed worker, after one untimed batch: thread counts 1, 2 and the
app's own choice (\`hardwareConcurrency − 1\`, at least 1), passages per ONNX
run (batch), batches in vault order or of similar length (as the queue
forms them: windows of four batches sorted by the model's token counts,
the counting timed too), and the three model files: the int8-compute
default (\`model_int8.onnx\`, MatMulInteger), the earlier int8-weight file
(\`model_quantized.onnx\`, DequantizeLinear) and the float32 one (from
../shared, served for this run only, never by the app). Configurations run
in rounds, interleaved; \`chunks_per_s\` is the best round (the closest to
an idle machine), every round beside it; \`chunks_per_cpu_s\` divides by the
CPU time of the page's workers instead (the embed worker and ONNX
Runtime's threads), far steadier on a shared machine.
\`threads_used\` is what the worker reports (the panel shows the same).
\`spinning\`: whether ONNX Runtime's idle pool threads busy-wait (its
default) or sleep (\`session.intra_op.allow_spinning = 0\`), with 2 threads.
\`workers\`: embed workers side by side (one session, one thread each)
taking batches from one list, the alternative to one session on 2 threads
(the app runs one). Memory of the embed worker(s), every round:
\`embed_worker_ua_mb\` is what \`performance.measureUserAgentSpecificMemory()\`
attributes to them at the end of the timed work (their JavaScript heaps
and the buffers they hold, ONNX Runtime's wasm memory among them; memory it
reports as shared between threads is added); \`embed_worker_rss_mb\` is what
the renderer's resident memory (/proc) grew by from just before they
started to its peak while they embedded (it also counts other allocations
of the renderer meanwhile, and memory not yet given back by the previous
configuration's workers shows as less). \`whole_vault_min\` extrapolates the best round
to all of seekstone's passages.

Measured ${new Date().toISOString().slice(0, 10)} on ${result.machine}.
With a 1-minute load much above 2 the machine's 2 cores were shared with
other work (every wall figure is then an upper bound of the time, a lower
bound of the rate; CPU rates are steadier). The app's rule leaves one core
for the engine and the page (1 thread on 2 cores).
${loadNote(LOAD_BEFORE)}

${table}`,
    );
    process.stdout.write('\nWrote the embed-chromium section of docs/benchmarks.md.\n');
  }
}
