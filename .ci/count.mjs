// Totals the unit (vitest JSON) and end-to-end (Playwright JSON) results into
// the single line CI reads: "N passed, N failed". A stage that failed without
// results to show for it (the type check, a build error, a crashed runner)
// counts as one failure, so a broken run can never read as all green.
// .ci/test-all.sh leaves the stages' statuses and results in .tmp/ci/.
import { existsSync, readFileSync } from 'node:fs';

const read = (file) => (existsSync(file) ? readFileSync(file, 'utf8') : null);
const stageFailed = (name) => {
  const s = read(`.tmp/ci/${name}.status`);
  return s !== null && s.trim() !== '0';
};

let passed = 0;
let failed = 0;

if (stageFailed('typecheck')) failed++;

const unit = read('.tmp/ci/unit.json');
if (unit) {
  const r = JSON.parse(unit);
  passed += r.numPassedTests ?? 0;
  let unitFailed = r.numFailedTests ?? 0;
  // A test file that failed to load has no test results but is a failure.
  for (const f of r.testResults ?? []) if (f.status === 'failed' && (f.assertionResults ?? []).length === 0) unitFailed++;
  failed += unitFailed;
  if (unitFailed === 0 && stageFailed('unit')) failed++;
} else if (existsSync('.tmp/ci/unit.status')) failed++; // the stage ran but left no results

const e2e = read('.tmp/ci/e2e.json');
if (e2e) {
  const s = JSON.parse(e2e).stats ?? {};
  passed += (s.expected ?? 0) + (s.flaky ?? 0);
  failed += s.unexpected ?? 0;
  if ((s.unexpected ?? 0) === 0 && stageFailed('e2e')) failed++;
} else if (existsSync('.tmp/ci/e2e.status')) failed++; // the stage ran but left no results

// The overall status of `npm test`, passed by .ci/run: never report a failed run as clean.
const overall = Number(process.argv[2] ?? 0);
if (overall !== 0 && failed === 0) failed = 1;

console.log(`${passed} passed, ${failed} failed`);
