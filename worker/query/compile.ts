// The validated filter → one boolean SQL expression over entries aliased `e`.
// Pure: no database. Each field condition is an index lookup on fm
// (`e.id IN (SELECT entry_id FROM fm WHERE key = ? AND …)`); comparisons on
// one field share one lookup; everything is ANDed with e.kind = 'note',
// because metadata filters never match non-Markdown files.
import type { FieldCondition, FilterAst } from './ast';
import { isRangeTest, OPERATORS, rangeSql } from './operators';
import { cond, joinAll, type SqlCondition } from './sql';

export const NOTES_ONLY = "e.kind = 'note'";

export function compileAst(ast: FilterAst): SqlCondition | null {
  if (ast.fields.length === 0) return null;
  return joinAll([cond(NOTES_ONLY), ...ast.fields.map(compileField)]);
}

function compileField(field: FieldCondition): SqlCondition {
  const parts: SqlCondition[] = [];
  const ranges = field.tests.filter(isRangeTest);
  if (ranges.length) parts.push(rangeSql(field.key, ranges));
  for (const test of field.tests) {
    if (isRangeTest(test)) continue;
    // The table is keyed by the test's own operator, so the pairing is sound.
    const op = OPERATORS[test.op] as { toSql(t: typeof test, key: string): SqlCondition };
    parts.push(op.toSql(test, field.key));
  }
  return joinAll(parts);
}
