// npm run reliability: attacks Kioku as issue 11 did and writes the figures
// (inputs tried, clean errors, crashes, data lost) into docs/reliability.md.
// Sections: the hostile vault (50 MB note included), random filters against
// the documented rules, any JSON as a filter, adversarial text queries,
// hostile note paths; then the query-cost benchmark (bench/query-cost.ts),
// which needs ../shared. Options: --quick (smaller counts, 5 MB note),
// --no-cost (skip the query-cost benchmark).
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import fc from 'fast-check';
import { stringify } from 'yaml';
import { writeDocSection } from '../browser/doc-section';
import { fuzzQueries } from '../lib/fuzz-queries';
import { engineWith, makeEngine } from '../../worker/test/make-engine';
import { checkHostileImport } from './check';
import { expectedPaths, filterArb, noteArb } from './filter-model';
import { writeHostileVault } from './hostile-corpus';

const DOC = new URL('../../docs/reliability.md', import.meta.url).pathname;
const argv = process.argv.slice(2);
const quick = argv.includes('--quick');
const scale = quick ? 0.1 : 1;
const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, load ${loadavg()[0].toFixed(2)} at the start (shared with other work)`;

type Outcome = { tried: number; ok: number; clean: number; crashes: number; wrong: number; examples: string[] };
const outcome = (): Outcome => ({ tried: 0, ok: 0, clean: 0, crashes: 0, wrong: 0, examples: [] });
function tally(o: Outcome, r: { isError?: boolean; error?: { code: string; message: string } }, cleanCodes: string[], label: string): void {
  o.tried++;
  if (!r.isError) o.ok++;
  else if (r.error?.code === 'internal') {
    o.crashes++;
    if (o.examples.length < 3) o.examples.push(`${label}: ${r.error.message}`);
  } else if (cleanCodes.includes(r.error!.code)) o.clean++;
  else {
    o.wrong++;
    if (o.examples.length < 3) o.examples.push(`${label}: unexpected ${r.error!.code}`);
  }
}
const row = (what: string, o: Outcome, wrong = 0, lost = 0) => `| ${what} | ${o.tried} | ${o.ok} | ${o.clean} | ${o.crashes} | ${o.wrong + wrong} | ${lost} |`;

// 1. The hostile vault.
const root = new URL('../../.tmp/hostile-vault', import.meta.url).pathname;
const bigMB = quick ? 5 : 50;
const files = writeHostileVault(root, { bigNoteMB: bigMB });
const vault = await checkHostileImport(await makeEngine(), root, files);
rmSync(root, { recursive: true, force: true });
rmSync(`${root}-outside`, { recursive: true, force: true });
process.stdout.write(`hostile vault: ${vault.asExpected}/${vault.files} as expected, ${vault.failures.length} failures\n`);

// 2. Random filters on random notes, against the rules read plainly.
const notes = fc.sample(noteArb, { seed: 7, numRuns: 120 });
const pathOf = (i: number) => `n${String(i).padStart(3, '0')}.md`;
const engine = await engineWith(Object.fromEntries(notes.map((n, i) => [pathOf(i), `---\n${stringify(n)}---\nNote ${i}.\n`])));
const rules = outcome();
let mismatches = 0;
for (const filters of fc.sample(filterArb, { seed: 7, numRuns: Math.round(3000 * scale) })) {
  const r = (await engine.call('find', { filters, page_size: 1000 })) as { isError?: boolean; error?: { code: string; message: string }; results?: { path: string }[] };
  tally(rules, r, [], JSON.stringify(filters));
  if (!r.isError) {
    const got = r.results!.map((x) => x.path).sort();
    const want = expectedPaths(notes, filters, pathOf);
    if (JSON.stringify(got) !== JSON.stringify(want)) {
      mismatches++;
      if (rules.examples.length < 3) rules.examples.push(`${JSON.stringify(filters)}: got ${got.length}, rules say ${want.length}`);
    }
  }
}

// 3. Any JSON as a filter, as an object and as text.
const anyJson = outcome();
for (const [f, asText] of fc.sample(fc.tuple(fc.jsonValue({ maxDepth: 5 }), fc.boolean()), { seed: 7, numRuns: Math.round(5000 * scale) })) {
  tally(anyJson, (await engine.call('find', { filters: asText ? JSON.stringify(f) : f })) as never, ['invalid_filter'], JSON.stringify(f).slice(0, 80));
}
for (const depth of [100, 5000, 20000]) {
  let deep: unknown = 1;
  for (let i = 0; i < depth; i++) deep = { a: deep };
  tally(anyJson, (await engine.call('find', { filters: { x: deep } })) as never, ['invalid_filter'], `nested ${depth}`);
  tally(anyJson, (await engine.call('write_note', { path: pathOf(0), frontmatter: { x: deep } })) as never, ['invalid_argument'], `frontmatter nested ${depth}`);
  // The same depth as YAML text: refused as too deep, never a stack overflow.
  const yaml = `x: ${'['.repeat(depth)}${']'.repeat(depth)}\n`;
  tally(anyJson, (await engine.call('write_note', { path: pathOf(0), frontmatter_text: yaml })) as never, ['invalid_argument'], `frontmatter YAML nested ${depth}`);
}

// 4. Adversarial text queries.
const words = ['note', 'alpha', 'auth', 'design', '設計', 'token'];
const text = outcome();
const queries = [...fuzzQueries(7, Math.round(3000 * scale), words), ...fc.sample(fc.string({ unit: 'binary', maxLength: 400 }), { seed: 7, numRuns: Math.round(500 * scale) })];
for (const query of queries) tally(text, (await engine.call('search', { query, mode: 'text', page_size: 5 })) as never, [], query.slice(0, 60));

// 5. Hostile note paths through create_note, then read back.
const paths = outcome();
let unreadable = 0;
const segment = fc.oneof(fc.string({ unit: 'grapheme', maxLength: 12 }), fc.constantFrom('.', '..', '', ' a', 'a.', 'back\\slash', 'n000.md', 'x'.repeat(300), '__proto__'));
const pathArb = fc.oneof(fc.string({ unit: 'binary', maxLength: 60 }), fc.array(segment, { minLength: 1, maxLength: 4 }).map((s) => `${s.join('/')}.md`));
for (const path of fc.sample(pathArb, { seed: 7, numRuns: Math.round(2000 * scale) })) {
  const r = (await engine.call('create_note', { path, body: 'hostile path body' })) as { isError?: boolean; error?: { code: string; message: string }; path?: string; vault?: string };
  tally(paths, r, ['invalid_argument', 'conflict'], JSON.stringify(path));
  if (!r.isError) {
    const back = (await engine.call('read_note', { path: `${r.vault}:${r.path}` })) as { body?: string };
    if (back.body !== 'hostile path body') unreadable++;
  }
}

const table = [
  '| attack | inputs | answered | clean errors | crashes | wrong results | data lost |',
  '|---|---|---|---|---|---|---|',
  `| hostile vault: ${vault.files} files (${bigMB} MB note, billion laughs, deep YAML, 50,000 keys, 10,000 tags, NUL, UTF-16, odd names, links out/dangling/looping) | ${vault.files} | ${vault.asExpected} as expected | ${vault.problems} problems reported | ${vault.crashes} | ${vault.files - vault.asExpected} | ${vault.bodiesLost} bodies, ${vault.leaked} outside files leaked |`,
  row(`random valid filters on ${notes.length} random notes, compared with the rules`, rules, mismatches),
  row('any JSON value as a filter (object or text), filters and frontmatter (objects and YAML) nested 100–20,000 deep', anyJson),
  row('adversarial text queries (bench/lib/fuzz-queries.ts and random strings)', text),
  row('hostile note paths through create_note, then read back', paths, 0, unreadable),
].join('\n');
const failures = [...vault.failures, ...rules.examples, ...anyJson.examples, ...text.examples, ...paths.examples];
process.stdout.write(`${table}\n${failures.join('\n')}\n`);
writeDocSection(
  'reliability-fuzz',
  `## Hostile input (\`npm run reliability\`)

Every input below went through the real tool calls on a real engine (Node,
in-memory SQLite). "Answered" is a normal result, "clean errors" an error
result with a specific code (invalid_filter, invalid_argument, conflict) and
message; a crash would be an \`internal\` error or an exception; wrong results
are answers that differ from the documented rules (filters) or from what the
file must become (hostile vault), and error codes other than the expected
ones; data lost counts bodies that read_note did not return, files from
outside the vault that got in, and created notes that did not read back.

${table}
${failures.length ? `\nNot as expected:\n\n${failures.map((f) => `- ${f}`).join('\n')}\n` : ''}
Hostile vault imported in ${vault.importSeconds} s. Seeds are fixed (7); the
same attacks, smaller, run in \`npm test\` (worker/ingest/hostile-vault.test.ts
and the *-property.test.ts files). Machine: ${machine}.
`,
  DOC,
);

// 6. Query cost on seekstone-10k (skipped without ../shared).
if (!argv.includes('--no-cost')) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', new URL('../query-cost.ts', import.meta.url).pathname, '--queries', String(Math.round(500 * scale))], { stdio: 'inherit' });
  if (r.status !== 0) process.exitCode = 1;
}
if (failures.length || vault.crashes || mismatches) process.exitCode = 1;
