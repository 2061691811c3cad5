// The validated filter → SQL, as set algebra over entry ids (see sql.ts).
// Pure: no database. Every field condition becomes one or more Arms (from the
// operator table); comparisons on one field share one Arm (one range that a
// single value must satisfy). The arms are ANDed:
//   ids:       P1 INTERSECT P2 … EXCEPT N1 … (starting from all notes when
//              there is no positive arm), streamed by index in entry_id order;
//   condition: e.id IN (ids), the boolean expression over entries `e` that
//              other queries embed;
//   probe:     e.kind = 'note' AND EXISTS … per arm, for walking notes in
//              another order (by path, by a sort field, from text hits).
// Only notes have fm rows, so any positive arm already excludes files.
import type { FieldCondition, FilterAst } from './ast';
import { isRangeTest, OPERATORS, rangeArm } from './operators';
import { armProbe, armRows, cond, joinAll, type Arm, type SqlCondition } from './sql';
import { fileField } from './file-fields';
import { withoutOwnValue, type KeyForms } from './key-forms';

/** Every note, in id order (index entries_kind). */
export const ALL_NOTES: SqlCondition = cond("SELECT id AS entry_id FROM entries WHERE kind = 'note'");

export interface CompiledFilter {
  /** ANDed; empty when the filter states nothing. */
  arms: Arm[];
  /** Its rare row sets were checked against the database for this call (plan.ts withoutEmptyRowSets). */
  rareChecked?: true;
  /** The filter it came from, to compile again once its keys are resolved against a database (plan.ts withKeyForms). */
  ast?: FilterAst;
  /** Its keys were resolved against the database for this call. */
  keysResolved?: true;
}

/** `forms`: how each key resolves to stored keys (key-forms.ts); without it every key is taken as written. */
export function compileAst(ast: FilterAst, forms?: (key: string) => KeyForms): CompiledFilter {
  return { arms: ast.fields.flatMap((f) => resolvedArms(f, forms?.(f.key))), ast };
}

/**
 * A field whose key has stored siblings with the same sanitised form: each
 * arm tests the key itself and its siblings together (a note's values under
 * all of them are one list), a sibling only on notes without a value of
 * their own under the key. Every key yields the same arms in the same order,
 * since arms follow the tests, so they pair up by position.
 */
function resolvedArms(field: FieldCondition, forms: KeyForms | undefined): Arm[] {
  if (!forms?.siblings.length) return fieldArms(field);
  const keys = forms.stored ? [field.key, ...forms.siblings] : forms.siblings;
  const perKey = keys.map((key) => {
    const arms = fieldArms({ ...field, key });
    if (key === field.key || !forms.stored) return arms;
    const own = withoutOwnValue(field.key);
    return arms.map((a) => ({ ...a, rowSets: a.rowSets.map((rs) => ({ ...rs, where: cond(`(${rs.where.sql}) AND ${own.sql}`, [...rs.where.params, ...own.params]) })) }));
  });
  return perKey[0].map((arm, i) => ({ ...arm, key: field.key, overlapping: true, rowSets: perKey.flatMap((arms) => arms[i].rowSets) }));
}

function fieldArms(field: FieldCondition): Arm[] {
  const file = fileField(field.key);
  if (file) return plainArms(field).map((a) => ({ ...a, overlapping: true, rowSets: a.rowSets.map((rs) => ({ key: rs.key, where: rs.where, table: 'file_fields' })) }));
  return plainArms(field);
}

function plainArms(field: FieldCondition): Arm[] {
  const arms: Arm[] = [];
  const ranges = field.tests.filter(isRangeTest);
  if (ranges.length) arms.push(rangeArm(field.key, ranges));
  for (const test of field.tests) {
    if (isRangeTest(test)) continue;
    // The table is keyed by the test's own operator, so the pairing is sound.
    const op = OPERATORS[test.op] as { arms(t: typeof test, key: string): Arm[] };
    arms.push(...op.arms(test, field.key));
  }
  return arms;
}

/**
 * A (compound) SELECT of the ids of the notes the arms select. Without a
 * positive arm it starts from `universe` (all notes by default). A single
 * positive arm may repeat an id (two list elements matching); compound
 * results are distinct.
 */
export function idsSql(compiled: CompiledFilter, universe: SqlCondition = ALL_NOTES): SqlCondition {
  const positive = compiled.arms.filter((a) => !a.negate).map(armRows);
  const negative = compiled.arms.filter((a) => a.negate).map(armRows);
  const parts = positive.length ? positive : [universe];
  const sql = parts.map((p) => p.sql).join(' INTERSECT ') + negative.map((n) => ` EXCEPT ${n.sql}`).join('');
  return cond(sql, [...parts.flatMap((p) => p.params), ...negative.flatMap((n) => n.params)]);
}


/** The notes the filter selects, as a boolean expression over `e`; null when it states nothing. */
export function conditionSql(compiled: CompiledFilter): SqlCondition | null {
  if (!compiled.arms.length) return null;
  const ids = idsSql(compiled);
  return cond(`e.id IN (${ids.sql})`, ids.params);
}

/** The same selection checked note by note; null when the filter states nothing. */
export function probeSql(compiled: CompiledFilter): SqlCondition | null {
  if (!compiled.arms.length) return null;
  return joinAll([cond("e.kind = 'note'"), ...compiled.arms.map((a) => armProbe(a))]);
}
