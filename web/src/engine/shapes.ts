// Result shapes of the tools the UI reads (search, find, fields). The fields
// tool's answer is read loosely: the UI takes what it knows and ignores the rest.

// The engine's own result types: one definition for the engine and the UI.
export type { SearchHit as Hit } from '../../../worker/search/hits';
export type { SearchResult as SearchResponse } from '../../../worker/tools/search';
export type { FindRow, FindResult as FindResponse } from '../../../worker/tools/find';

/** One frontmatter key as the fields tool describes it. */
export interface FieldInfo {
  key: string;
  /** Value types seen: 'str' | 'num' | 'bool' | 'list' | 'map' | 'null' | 'date' … */
  types: string[];
  count: number;
  values: { value: unknown; count: number }[];
  /** Filter operators the engine says suit this field ($eq, $in, …). */
  operators?: string[];
  /** False when the filter language cannot name the key (a space in it): not offered in the builder. */
  filterable?: boolean;
}

/** Reads the fields tool's answer whatever the exact spelling of its members. */
export function readFields(raw: unknown): FieldInfo[] {
  const list = (raw as { fields?: unknown })?.fields;
  const items: unknown[] = Array.isArray(list) ? list : list && typeof list === 'object' ? Object.entries(list).map(([key, v]) => ({ key, ...(v as object) })) : [];
  return items
    .map((f) => {
      const o = f as Record<string, unknown>;
      const key = String(o.key ?? o.field ?? o.name ?? '');
      const typesRaw = o.types ?? o.type ?? [];
      const types = Array.isArray(typesRaw)
        ? typesRaw.map((t) => (typeof t === 'string' ? t : String((t as Record<string, unknown>)?.type ?? (t as Record<string, unknown>)?.name ?? '')))
        : typeof typesRaw === 'object' && typesRaw !== null
          ? Object.keys(typesRaw)
          : [String(typesRaw)];
      // Keys met only inside lists (attendees.name under a list of maps) have item types alone.
      if (o.item_types && typeof o.item_types === 'object') for (const t of Object.keys(o.item_types)) if (!types.includes(t)) types.push(t);
      const valuesRaw = o.values ?? o.top_values ?? o.frequent_values ?? o.frequent ?? [];
      const values = (Array.isArray(valuesRaw) ? valuesRaw : []).map((v) =>
        v && typeof v === 'object' && 'value' in (v as object) ? { value: (v as { value: unknown }).value, count: Number((v as { count?: unknown }).count ?? 0) } : { value: v, count: 0 },
      );
      const operators = Array.isArray(o.operators) ? o.operators.filter((x): x is string => typeof x === 'string') : undefined;
      return { key, types: types.filter(Boolean), count: Number(o.notes ?? o.count ?? 0), values, operators, ...(o.filterable === false ? { filterable: false } : {}) };
    })
    .filter((f) => f.key !== '');
}
