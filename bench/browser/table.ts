// Rows → a Markdown table (readable in a terminal and in docs/benchmarks.md).
import type { BenchRow } from './scenario';

export function markdownTable(rows: readonly BenchRow[]): string {
  if (rows.length === 0) return '(no rows)';
  const cols: string[] = [];
  for (const r of rows) for (const k of Object.keys(r)) if (!cols.includes(k)) cols.push(k);
  const cell = (v: BenchRow[string] | undefined) => (v === null || v === undefined ? '' : String(v));
  const numeric = cols.map((c) => rows.every((r) => r[c] === undefined || r[c] === null || typeof r[c] === 'number'));
  const width = cols.map((c) => Math.max(c.length, 3, ...rows.map((r) => cell(r[c]).length)));
  const line = (vals: string[]) => `| ${vals.map((v, i) => (numeric[i] ? v.padStart(width[i]) : v.padEnd(width[i]))).join(' | ')} |`;
  return [
    line(cols),
    `| ${width.map((w, i) => (numeric[i] ? `${'-'.repeat(w - 1)}:` : '-'.repeat(w))).join(' | ')} |`,
    ...rows.map((r) => line(cols.map((c) => cell(r[c])))),
  ].join('\n');
}
