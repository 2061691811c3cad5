#!/bin/sh
# npm test: the type check, the unit tests (vitest, Node) and the end-to-end
# tests (Playwright, Debian's Chromium). Every stage runs even when an earlier
# one fails, so one run reports everything; the exit status is non-zero when
# any stage failed. Each stage's status and the unit results are kept in
# .tmp/ci/ for .ci/count.mjs (Playwright empties test-results/ when it starts).
OUT=.tmp/ci
rm -rf "$OUT"
mkdir -p "$OUT" test-results
status=0

echo "== type check"
npm run --silent typecheck; s=$?
echo "$s" > "$OUT/typecheck.status"
[ "$s" -eq 0 ] || status=1

echo "== unit tests"
rm -f test-results/unit.json
npm run --silent test:unit; s=$?
echo "$s" > "$OUT/unit.status"
[ -f test-results/unit.json ] && cp test-results/unit.json "$OUT/unit.json"
[ "$s" -eq 0 ] || status=1

echo "== end-to-end tests"
rm -f test-results/e2e.json
npm run --silent test:e2e; s=$?
echo "$s" > "$OUT/e2e.status"
[ -f test-results/e2e.json ] && cp test-results/e2e.json "$OUT/e2e.json"
[ "$s" -eq 0 ] || status=1

exit $status
