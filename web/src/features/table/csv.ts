// CSV export of the table view (RFC 4180). A UTF-8 byte-order mark goes first:
// without it Excel reads UTF-8 as the local code page and garbles Japanese.

export const BOM = '\uFEFF';

/** One cell: lists joined with "; ", maps as JSON, null/undefined empty. */
export function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (Array.isArray(v)) return v.map(cellText).join('; ');
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

// Cells a spreadsheet would run as a formula (CSV injection): prefixed with '
// so they show as text. Plain negative numbers are left alone.
const FORMULA_START = /^[=+\-@\t\r]/;

export function quoteCell(text: string): string {
  let t = text;
  if (FORMULA_START.test(t) && !/^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(t)) t = `'${t}`;
  return /[",\r\n]/.test(t) || t !== t.trim() ? `"${t.replace(/"/g, '""')}"` : t;
}

export function toCsv(header: string[], rows: unknown[][]): string {
  const lines = [header, ...rows].map((r) => r.map((v) => quoteCell(cellText(v))).join(','));
  return BOM + lines.join('\r\n') + '\r\n';
}
