// Notes as MCP resources: `kioku://<vault>/<path>` for every note the tools
// can show, and Basic Memory's `memory://<permalink>` form on reading. Both go
// through the same tools as everything else, so what a resource shows is what
// `find` and `read_note` would show.
import { ErrorCode, McpError, type ReadResourceResult, type ResourceTemplate } from '@modelcontextprotocol/sdk/types.js';
import type { Engine } from '../../worker/engine';
import { isErrorResult } from '../../worker/errors';

export const RESOURCES_PER_PAGE = 200;
export const MARKDOWN = 'text/markdown';

export const RESOURCE_TEMPLATES: ResourceTemplate[] = [
  { uriTemplate: 'kioku://{vault}/{+path}', name: 'note', description: 'A note by vault and vault-relative path.', mimeType: MARKDOWN },
  { uriTemplate: 'memory://{+permalink}', name: 'note by permalink', description: "A note by permalink (Basic Memory's memory:// form), or by path or title.", mimeType: MARKDOWN },
];

export function noteUri(vault: string, path: string): string {
  return `kioku://${encodeURIComponent(vault)}/${path.split('/').map(encodeURIComponent).join('/')}`;
}

/** The vault and path a kioku:// URI names, or undefined when it is not one. */
export function parseNoteUri(uri: string): { vault: string; path: string } | undefined {
  const m = /^kioku:\/\/([^/]+)\/(.+)$/.exec(uri);
  if (!m) return undefined;
  try {
    return { vault: decodeURIComponent(m[1]), path: m[2].split('/').map(decodeURIComponent).join('/') };
  } catch {
    return undefined;
  }
}

export async function listNoteResources(engine: Engine, cursor: string | undefined) {
  const page = cursor === undefined ? 1 : Number(cursor);
  if (!Number.isInteger(page) || page < 1) throw new McpError(ErrorCode.InvalidParams, `Unknown cursor ${JSON.stringify(cursor)}; pass back the nextCursor of the previous page.`);
  const found = await engine.call('find', { page, page_size: RESOURCES_PER_PAGE });
  if (isErrorResult(found)) throw new McpError(ErrorCode.InternalError, found.error.message);
  return {
    resources: found.results.map((r) => ({ uri: noteUri(r.vault, r.path), name: r.title || r.path, title: r.title, description: `${r.vault}:${r.path}`, mimeType: MARKDOWN })),
    ...(found.has_more ? { nextCursor: String(page + 1) } : {}),
  };
}

export async function readNoteResource(engine: Engine, uri: string): Promise<ReadResourceResult> {
  const named = parseNoteUri(uri);
  let args: Record<string, unknown>;
  if (named) args = { vault: named.vault, path: named.path };
  else if (uri.startsWith('memory://') && uri.length > 'memory://'.length) args = { path: decodeSafe(uri.slice('memory://'.length)) };
  else throw new McpError(ErrorCode.InvalidParams, `Not a note URI: ${JSON.stringify(uri)}. Use kioku://<vault>/<path> (from resources/list) or memory://<permalink>.`);
  const note = await engine.call('read_note', args);
  if (isErrorResult(note)) throw new McpError(ErrorCode.InvalidParams, note.error.message);
  return { contents: [{ uri: noteUri(note.vault, note.path), mimeType: MARKDOWN, text: note.frontmatter_raw + note.body }] };
}

function decodeSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
