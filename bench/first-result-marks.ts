// The start-up marks of bench:first-result's loads as one table: each mark's
// p50 (ms from navigation start) per build and mode, in the order the marks
// happen, so the step that costs the time stands out.
import { percentile } from './browser/stats';
import { markdownTable } from './browser/table';

export type Marks = { name: string; t: number }[];

export function marksTable(byColumn: Record<string, Marks[]>): string {
  const columns = Object.keys(byColumn).sort();
  const times = new Map<string, Map<string, number[]>>();
  for (const col of columns) {
    for (const load of byColumn[col]) {
      const seen = new Set<string>();
      for (const m of load) {
        // Only the first of a repeated mark (an index loaded again) counts.
        if (seen.has(m.name)) continue;
        seen.add(m.name);
        const row = times.get(m.name) ?? new Map<string, number[]>();
        times.set(m.name, row);
        row.set(col, [...(row.get(col) ?? []), m.t]);
      }
    }
  }
  const p50 = (xs: number[] | undefined) => (xs?.length ? Math.round(percentile(xs, 50)) : null);
  const order = [...times.keys()].sort((a, b) => Math.min(...columns.map((c) => p50(times.get(a)!.get(c)) ?? Infinity)) - Math.min(...columns.map((c) => p50(times.get(b)!.get(c)) ?? Infinity)));
  const rows = order.map((name) => Object.fromEntries([['mark', name], ...columns.map((c) => [c, p50(times.get(name)!.get(c))])]));
  return markdownTable(rows);
}
