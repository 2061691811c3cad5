// Text renderings of tool results for an assistant to read. The JSON itself
// travels beside them as structuredContent; these are for the model's eyes.
import type { FindResult } from '../../worker/tools/find';
import type { SearchResult } from '../../worker/tools/search';

export function renderResult(tool: string, result: unknown): string {
  if (tool === 'search') return renderSearch(result as SearchResult);
  if (tool === 'find') return renderFind(result as FindResult);
  return JSON.stringify(result, null, 2);
}

function renderSearch(r: SearchResult): string {
  const head = `${r.total}${r.total_is_exact ? '' : '+'} result${r.total === 1 ? '' : 's'} (${r.mode} mode, page ${r.page}${r.has_more ? ', more on the next page' : ''})`;
  const notes = [r.notice ? `Note: ${r.notice}` : '', r.relaxed ? 'No hit holds every word; matching was loosened.' : ''].filter(Boolean);
  const lines = r.results.map((h, i) => {
    const score = typeof h.score === 'number' ? h.score.toFixed(3) : '-';
    const snippet = typeof h.snippet === 'string' && h.snippet ? ` — ${oneLine(h.snippet)}` : '';
    return `${(r.page - 1) * r.page_size + i + 1}. ${h.vault}:${h.path} · ${h.title} · score ${score}${snippet}`;
  });
  return [head, ...notes, ...lines].join('\n');
}

function renderFind(r: FindResult): string {
  const fieldNames = [...new Set(r.results.flatMap((row) => Object.keys(row.fields)))];
  const header = ['path', 'title', ...fieldNames];
  const rows = r.results.map((row) => [`${row.vault}:${row.path}`, row.title, ...fieldNames.map((f) => cell(row.fields[f]))]);
  const table = [header, header.map(() => '---'), ...rows].map((cells) => `| ${cells.map(escapeCell).join(' | ')} |`);
  return [`${r.total} note${r.total === 1 ? '' : 's'} (page ${r.page}${r.has_more ? ', more on the next page' : ''})`, ...table].join('\n');
}

function cell(v: unknown): string {
  if (v === null || v === undefined) return '';
  return typeof v === 'string' ? v : JSON.stringify(v);
}

function escapeCell(s: string): string {
  return oneLine(s).replace(/\|/g, '\\|');
}

function oneLine(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}
