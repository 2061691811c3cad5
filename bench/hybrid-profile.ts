// npm run bench:hybrid-profile — hybrid search stage by stage in headless
// Chromium (bench/browser/scenarios/hybrid-profile.ts). With the fully
// embedded seekstone-10k (bench/out/seekstone-embedded.db) its real vectors
// and the real model are used; without it a synthetic index of the real size.
// Options as bench:browser's (--node, --no-build, --opt set=…, --opt compare=1), and --synthetic.
import { parseArgs, runBench } from './browser/cli';
import { markdownTable } from './browser/table';
import { packedVectors } from './lib/embedded-vectors';
import { loadNote } from './lib/load';
import { loadavg } from 'node:os';

const LOAD_BEFORE = loadavg()[0];
const argv = process.argv.slice(2);
const synthetic = argv.includes('--synthetic');
const dir = synthetic ? null : await packedVectors();
if (!dir && !synthetic) process.stderr.write('no bench/out/seekstone-embedded.db: synthetic vectors (npm run bench:vector-embed -- --full makes real ones)\n');
const corpora = dir ? ['--corpus', 'seekstone-10k', '--corpus', `seekstone-vectors=${dir}`] : [];
const result = await runBench(parseArgs(['hybrid-profile', ...corpora, ...argv.filter((a) => a !== '--synthetic')]));
if (result) process.stdout.write(`${markdownTable(result.rows)}\n\nMachine: ${result.machine}\n${loadNote(LOAD_BEFORE)}\n`);
