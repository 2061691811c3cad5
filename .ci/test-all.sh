#!/bin/sh
# npm test: the type check, the unit tests (vitest, Node) and the end-to-end
# tests (Playwright, Debian's Chromium). Every stage runs even when an earlier
# one fails, so one run reports everything; the exit status is non-zero when
# any stage failed. Each stage's status is kept in test-results/ for
# .ci/count.mjs.
mkdir -p test-results
status=0

echo "== type check"
npm run --silent typecheck; s=$?
echo "$s" > test-results/typecheck.status
[ "$s" -eq 0 ] || status=1

echo "== unit tests"
npm run --silent test:unit; s=$?
echo "$s" > test-results/unit.status
[ "$s" -eq 0 ] || status=1

echo "== end-to-end tests"
npm run --silent test:e2e; s=$?
echo "$s" > test-results/e2e.status
[ "$s" -eq 0 ] || status=1

exit $status
