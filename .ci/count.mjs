// Totals the unit (vitest JSON) and end-to-end (Playwright JSON) results into
// the single line CI reads: "N passed, N failed". A stage that failed without
// writing results (typecheck, a crash) counts as one failure.
import { existsSync, readFileSync } from 'node:fs';

const status = Number(process.argv[2] ?? 0);
let passed = 0;
let failed = 0;
let sawAny = false;

if (existsSync('test-results/unit.json')) {
  sawAny = true;
  const r = JSON.parse(readFileSync('test-results/unit.json', 'utf8'));
  passed += r.numPassedTests ?? 0;
  failed += r.numFailedTests ?? 0;
  // A test file that failed to load has no test results but is a failure.
  for (const f of r.testResults ?? []) if (f.status === 'failed' && (f.assertionResults ?? []).length === 0) failed++;
}
if (existsSync('test-results/e2e.json')) {
  sawAny = true;
  const r = JSON.parse(readFileSync('test-results/e2e.json', 'utf8'));
  const s = r.stats ?? {};
  passed += (s.expected ?? 0) + (s.flaky ?? 0);
  failed += (s.unexpected ?? 0);
  for (const e of r.errors ?? []) if (e) failed += 0; // global errors are reflected in the exit status
}
if (status !== 0 && failed === 0) failed = 1;
if (!sawAny && status === 0) console.log('(no test results found)');
console.log(`${passed} passed, ${failed} failed`);
