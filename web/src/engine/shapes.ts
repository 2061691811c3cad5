// The engine's result types under the names the UI uses: one definition for
// the engine and the UI (worker/contract.ts).
import type { FieldStats, FieldType } from '../../../worker/contract';

export type { SearchHit as Hit, SearchResult as SearchResponse, FindRow, FindResult as FindResponse } from '../../../worker/contract';

/** One frontmatter key as the fields tool describes it. */
export type FieldInfo = FieldStats;

/** The value types a field holds, list elements' types included (attendees.name under a list of maps has only those). */
export function fieldTypes(f: FieldInfo): FieldType[] {
  const types = Object.keys(f.types) as FieldType[];
  for (const t of Object.keys(f.item_types ?? {}) as FieldType[]) if (!types.includes(t)) types.push(t);
  return types;
}
