// The error catalogue of the tool contract (below the domain: query/, search/,
// embed/ and the tools all throw these). Every error that crosses the
// boundary is one of these codes, with a message written for the person (or
// agent) who sent the call, and the path of the offending argument.
import { DbBusyError, DbDamagedError } from './db/db-errors';

export const ERROR_CODES = {
  invalid_argument: 'An argument is missing, has the wrong type or is out of range.',
  invalid_filter: 'The metadata filter is not valid.',
  unknown_tool: 'There is no tool with that name.',
  not_found: 'The note, file or vault does not exist.',
  conflict: 'The change conflicts with existing data.',
  locked: 'The database is in use by another tab.',
  busy: 'Another process kept the database locked for longer than the busy timeout; nothing was written.',
  damaged: 'The database file is damaged and cannot be read.',
  unsupported: 'This operation is not available here.',
  not_ready: 'The database is not open yet (or could not be opened).',
  not_visible: 'The note is not shared with you.',
  no_identity: 'Team-space notes need to know who you are (a user id).',
  not_owner: 'The team note belongs to another user; only its owner may change it.',
  internal: 'Something failed inside Kioku.',
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export interface ToolErrorBody {
  code: ErrorCode;
  message: string;
  path?: string;
  details?: unknown;
}

export interface ToolErrorResult {
  isError: true;
  error: ToolErrorBody;
}

export class ToolError extends Error {
  constructor(readonly code: ErrorCode, message: string, readonly path?: string, readonly details?: unknown) {
    super(message);
    this.name = 'ToolError';
  }
}

export function toolError(code: ErrorCode, message: string, path?: string, details?: unknown): ToolError {
  return new ToolError(code, message, path, details);
}

/** What every host method answers before the database is open (the engine host and the embedding host alike). */
export function notOpenError(): ToolError {
  return toolError('not_ready', 'The database is not open yet: Kioku is still starting, or could not open its storage (the page says why). Wait a moment and try again, or reload the page.');
}

/** A short description of a value for messages ("the string \"x\"", "a list"). */
export function describe(v: unknown): string {
  if (v === undefined) return 'nothing';
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'string') return `the string ${JSON.stringify(v.length > 40 ? v.slice(0, 40) + '…' : v)}`;
  return typeof v === 'object' ? 'an object' : `${typeof v} ${String(v)}`;
}

export function isErrorResult(v: unknown): v is ToolErrorResult {
  return typeof v === 'object' && v !== null && (v as { isError?: unknown }).isError === true;
}

/** Anything thrown becomes plain, cloneable JSON (WASM errors carry values postMessage refuses). */
export function toErrorResult(e: unknown): ToolErrorResult {
  if (e instanceof DbBusyError) return { isError: true, error: { code: 'busy', message: e.message, details: { waited_ms: e.waitedMs } } };
  if (e instanceof DbDamagedError) return { isError: true, error: { code: 'damaged', message: e.message } };
  if (e instanceof ToolError) {
    const error: ToolErrorBody = { code: e.code, message: e.message };
    if (e.path !== undefined) error.path = e.path;
    if (e.details !== undefined) error.details = JSON.parse(JSON.stringify(e.details));
    return { isError: true, error };
  }
  const err = e as Error;
  // No stack trace and no path of Kioku's own files: they help no caller and
  // tell an attacker where things are installed.
  return {
    isError: true,
    error: {
      code: 'internal',
      message: `Internal error: ${withoutSourcePaths(String(err?.message ?? e))}`,
      details: { name: String(err?.name ?? 'Error') },
    },
  };
}

/** Drops file references to source code (`/opt/kioku/worker/x.ts:12:3`, `file:///…/x.js`) from a message. */
export function withoutSourcePaths(message: string): string {
  return message.replace(/(?:file:\/\/|[A-Za-z]:\\|\/)[^\s'"()]*\.(?:[cm]?[jt]sx?|wasm)(?::\d+)*/g, '<source>');
}
