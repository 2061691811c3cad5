// A tool's answer as an AI agent receives it (MCP's CallToolResult shape, used
// by `kioku mcp` and by the browser's WebMCP tools alike): the JSON as
// structuredContent, and a text rendering for the model to read.
import { isErrorResult } from '../errors';
import type { FindResult } from './find';
import type { SearchResult } from './search';
import { findTool } from './call';

export interface AgentResult {
  [key: string]: unknown;
  content: { type: 'text'; text: string }[];
  structuredContent: Record<string, unknown>;
  isError?: true;
}

export function agentResult(tool: string, result: unknown): AgentResult {
  if (isErrorResult(result)) {
    // The error object travels as JSON text and as structured content.
    return { isError: true, content: [{ type: 'text', text: JSON.stringify(result.error) }], structuredContent: result as unknown as Record<string, unknown> };
  }
  return { content: [{ type: 'text', text: renderResult(findTool(tool)?.name ?? tool, result) }], structuredContent: asObject(result) };
}

/** structuredContent must be an object. */
function asObject(v: unknown): Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : { result: v };
}

export function renderResult(tool: string, result: unknown): string {
  if (tool === 'search') return renderSearch(result as SearchResult);
  if (tool === 'find') return renderFind(result as FindResult);
  return JSON.stringify(result, null, 2);
}

function renderSearch(r: SearchResult): string {
  const head = `${r.total}${r.total_is_exact ? '' : '+'} result${r.total === 1 ? '' : 's'} (${r.mode} mode, page ${r.page}${r.has_more ? ', more on the next page' : ''})`;
  const dym = r.did_you_mean ? `Did you mean: ${r.did_you_mean.query} (search it to see its results)` : '';
  const notes = [
    r.notice ? `Note: ${r.notice}` : '',
    r.relaxed ? 'No hit holds every word; matching was loosened.' : '',
    r.partial ? 'Partial: only the notes holding every word were ranked (the query ran out of time or work).' : '',
    dym,
    r.missing?.length ? `Not found: ${r.missing.join(', ')}` : '',
  ].filter(Boolean);
  const lines = r.results.map((h, i) => `${(r.page - 1) * r.page_size + i + 1}. ${hitLine(h as unknown as Record<string, unknown>)}`);
  return [head, ...notes, ...lines].join('\n');
}

/** One hit: where it is, what it is (a note, or an observation or relation of one), its fields and its snippet. */
function hitLine(h: Record<string, unknown>): string {
  const score = typeof h.score === 'number' ? h.score.toFixed(3) : '-';
  const snippet = typeof h.snippet === 'string' && h.snippet ? ` — ${oneLine(h.snippet)}` : '';
  const parts = [`${h.vault}:${h.path}`, String(h.title)];
  if (h.entity_type === 'observation') {
    parts.push(`observation [${h.category}] line ${h.line}`);
    const during = Array.isArray(h.temporal) ? (h.temporal as { valid_during?: { literal?: string } }[]).map((t) => t.valid_during?.literal).filter(Boolean) : [];
    if (during.length) parts.push(`valid ${during.join(', ')}`);
  } else if (h.entity_type === 'relation') {
    parts.push(`relation ${h.relation_type} → ${h.target_path ?? `${h.target} (unresolved)`} line ${h.line}`);
  }
  if (h.fields && typeof h.fields === 'object') {
    const fields = Object.entries(h.fields as Record<string, unknown>).map(([k, v]) => `${k}: ${cell(v)}`);
    if (fields.length) parts.push(fields.join(', '));
  }
  parts.push(`score ${score}`);
  return parts.join(' · ') + snippet;
}

function renderFind(r: FindResult): string {
  const fieldNames = [...new Set(r.results.flatMap((row) => Object.keys(row.fields)))];
  const header = ['path', 'title', ...fieldNames];
  const rows = r.results.map((row) => [`${row.vault}:${row.path}`, row.title, ...fieldNames.map((f) => cell(row.fields[f]))]);
  const table = [header, header.map(() => '---'), ...rows].map((cells) => `| ${cells.map(escapeCell).join(' | ')} |`);
  const head = `${r.total} note${r.total === 1 ? '' : 's'} (page ${r.page}${r.has_more ? ', more on the next page' : ''})`;
  return [head, ...(r.notice ? [`Note: ${r.notice}`] : []), ...(r.results.length ? table : [])].join('\n');
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
