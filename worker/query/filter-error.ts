// Every rejection of a filter goes through here: one error code
// (invalid_filter), the path of the offending JSON node, a message that says
// how to fix it, and a short machine-readable reason for the UI.
import { toolError, type ToolError } from '../errors';

/** Why a filter was rejected, in `details.reason` (the UI can key off it). */
export const FILTER_REASONS = [
  'not_object',
  'json_syntax',
  'bad_key',
  'unknown_operator',
  'duplicate_operator',
  'empty_condition',
  'nested_map',
  'bad_value',
  'null_not_allowed',
  'not_finite',
  'lost_precision',
  'empty_list',
  'between_bounds',
  'between_range',
  'mixed_modes',
  'too_large',
  'too_deep',
] as const;

export type FilterReason = (typeof FILTER_REASONS)[number];

export function filterError(message: string, path: string, reason: FilterReason): ToolError {
  return toolError('invalid_filter', message, path, { reason });
}

/** A short description of a JSON value for messages. */
export function show(v: unknown): string {
  if (v === null) return 'null';
  if (v === undefined) return 'nothing';
  if (Array.isArray(v)) return `a list (${JSON.stringify(v).slice(0, 60)})`;
  if (typeof v === 'object') return 'an object';
  if (typeof v === 'string') return JSON.stringify(v.length > 60 ? `${v.slice(0, 60)}…` : v);
  if (typeof v === 'number' && !Number.isFinite(v)) return String(v);
  return JSON.stringify(v) ?? String(v);
}

/** Appends `.key` or `[i]` to an error path. */
export function at(path: string, part: string | number): string {
  if (typeof part === 'number') return `${path}[${part}]`;
  return path ? `${path}.${part}` : part;
}
