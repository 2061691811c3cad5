// The error catalogue of the tool contract. Every error that crosses the
// boundary is one of these codes, with a message written for the person (or
// agent) who sent the call, and the path of the offending argument.

export const ERROR_CODES = {
  invalid_argument: 'An argument is missing, has the wrong type or is out of range.',
  invalid_filter: 'The metadata filter is not valid.',
  unknown_tool: 'There is no tool with that name.',
  not_found: 'The note, file or vault does not exist.',
  conflict: 'The change conflicts with existing data.',
  locked: 'The database is in use by another tab.',
  unsupported: 'This operation is not available here.',
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

export function isErrorResult(v: unknown): v is ToolErrorResult {
  return typeof v === 'object' && v !== null && (v as { isError?: unknown }).isError === true;
}

/** Anything thrown becomes plain, cloneable JSON (WASM errors carry values postMessage refuses). */
export function toErrorResult(e: unknown): ToolErrorResult {
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
