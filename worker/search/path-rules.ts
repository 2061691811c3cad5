// The rules for path_prefix and folder arguments, and the half-open range a
// prefix selects. Pure: checked without a database, tested rule by rule.
import { toolError } from '../errors';

/** Longest accepted path_prefix, in bytes of UTF-8. */
export const MAX_PREFIX_BYTES = 1024;

export interface PathRange {
  /** The prefix as given (NFC, like stored paths). */
  prefix: string;
  /** The first path after the subtree: the final '/' replaced by the next character, '0'. */
  upper: string;
}

/** Segment rules shared by path_prefix and folder; returns the rule broken, or null. */
function segmentProblem(value: string): string | null {
  if (value.includes('\0')) return 'must not contain NUL characters';
  if (value.includes('\\')) return "must use '/' between folders, not backslashes";
  if (value.startsWith('/')) return "must be relative to the vault: remove the leading '/'";
  const segments = value.split('/');
  if (segments.some((s) => s === '')) return "must not contain empty segments ('//')";
  if (segments.some((s) => s === '.' || s === '..')) return "must not contain '.' or '..' segments";
  return null;
}

/**
 * Validates a path_prefix. Rules: not empty, not starting with '/', ending
 * with '/', no empty, '.' or '..' segments, no backslashes or NUL, at most
 * 1,024 bytes of UTF-8. The range [prefix, upper) holds exactly the paths
 * under it: 'specs/' never matches 'specs-archive/…'.
 */
export function pathPrefixRange(raw: unknown, arg = 'path_prefix'): PathRange {
  if (typeof raw !== 'string') throw toolError('invalid_argument', `${arg} must be a string such as "specs/", got ${typeof raw}.`, arg);
  const fail = (rule: string) => toolError('invalid_argument', `${arg} ${rule}; got ${JSON.stringify(raw.length > 80 ? raw.slice(0, 80) + '…' : raw)}.`, arg);
  if (raw === '') throw fail('must not be empty (leave it out to search the whole vault)');
  if (new TextEncoder().encode(raw).length > MAX_PREFIX_BYTES) throw fail(`must be at most ${MAX_PREFIX_BYTES} bytes of UTF-8`);
  const problem = raw.startsWith('/') ? segmentProblem(raw) : segmentProblem(raw.endsWith('/') ? raw.slice(0, -1) : raw);
  if (problem) throw fail(problem);
  if (!raw.endsWith('/')) throw fail(`must end with '/' (a folder: "${raw}/")`);
  const prefix = raw.normalize('NFC');
  return { prefix, upper: upperBound(prefix) };
}

/** '/' is U+002F; the next character, '0', bounds every path below the prefix. */
export function upperBound(prefix: string): string {
  return prefix.slice(0, -1) + '0';
}

/**
 * Validates a folder (notes directly inside it, not in subfolders). '' means
 * the vault's root; one trailing '/' is accepted.
 */
export function folderArg(raw: unknown, arg = 'folder'): string {
  if (typeof raw !== 'string') throw toolError('invalid_argument', `${arg} must be a string such as "specs", got ${typeof raw}.`, arg);
  const folder = raw.endsWith('/') ? raw.slice(0, -1) : raw;
  if (folder === '') return '';
  if (new TextEncoder().encode(folder).length > MAX_PREFIX_BYTES) throw toolError('invalid_argument', `${arg} must be at most ${MAX_PREFIX_BYTES} bytes of UTF-8.`, arg);
  const problem = segmentProblem(folder);
  if (problem) throw toolError('invalid_argument', `${arg} ${problem}; got ${JSON.stringify(raw)}.`, arg);
  return folder.normalize('NFC');
}
