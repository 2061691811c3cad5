// Kioku as a Model Context Protocol server: every tool of the registry (and
// each tool alias, so Basic Memory's `bm_search` works as it does there), the
// notes as resources, and a search guide as a prompt. Built on the official
// SDK's low-level Server so the published schemas are exactly the registry's.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  type CallToolResult,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import type { Engine } from '../../worker/engine';
import { isErrorResult } from '../../worker/errors';
import { findTool } from '../../worker/tools/call';
import { NOTE_WRITERS, toolCatalog } from '../../worker/tools/catalog';
import { agentResult } from '../../worker/tools/agent-result';
import { listNoteResources, readNoteResource, RESOURCE_TEMPLATES } from './resources';
import { PROMPTS, getPrompt } from './prompts';

export interface McpHost {
  engine: Engine;
  /** Resolves once the vault is imported; calls wait for it (embedding never blocks). */
  ready: Promise<void>;
  /** Writes reach disk only when the server was started with --allow-write. */
  allowWrite: boolean;
  /** The user given with --user: the server acts for them, and set_identity may not change that. */
  actsFor?: string;
  /** After each successful write (saves a --db file). */
  afterWrite?(): void | Promise<void>;
  /** Import progress while `ready` is pending, for clients that sent a progress token. */
  progress?(): { done: number; total: number; message: string } | null;
  version: string;
}

/** Every tool and tool alias as an MCP tool description, generated from the registry. */
export function mcpTools(): Tool[] {
  return toolCatalog().map((t) => ({
    name: t.name,
    description: t.write ? `${t.description} Writes to the notes folder (needs --allow-write).` : t.description,
    inputSchema: t.inputSchema as Tool['inputSchema'],
    annotations: { readOnlyHint: !t.write, destructiveHint: t.write, openWorldHint: false },
  }));
}

/**
 * tools/list as committed in docs/mcp-tools.json (written by `npm run docs:tools`):
 * the MCP and WebMCP tests compare what is served against this file, so a
 * change to the registry or to how it is published shows up as a diff.
 */
export function mcpToolsDocument(): string {
  return `${JSON.stringify({ generated: 'from worker/tools/registry.ts by npm run docs:tools; do not edit by hand', tools: mcpTools() }, null, 2)}\n`;
}

export function createMcpServer(host: McpHost): Server {
  const server = new Server(
    { name: 'kioku', version: host.version },
    {
      capabilities: { tools: {}, resources: { listChanged: true }, prompts: {} },
      instructions:
        'Kioku searches this Markdown vault by text, meaning and YAML frontmatter. Start with `search` (words, tag:x, filters) or `find` (frontmatter table); read a note with `read_note`. The prompt "search_guide" explains the filter language.',
    },
  );

  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: mcpTools() }));

  server.setRequestHandler(CallToolRequestSchema, async (req, extra): Promise<CallToolResult> => {
    const name = req.params.name;
    const def = findTool(name);
    if (def && NOTE_WRITERS.has(def.name) && !host.allowWrite) {
      return agentResult(name, {
        isError: true,
        error: {
          code: 'unsupported',
          details: { reason: 'read_only' },
          message: `${name} writes notes, and this server was started read-only. Restart it with --allow-write (e.g. "npx kioku mcp --vault <dir> --allow-write") to let tools write.`,
          path: '',
        },
      });
    }
    if (def?.name === 'set_identity' && host.actsFor !== undefined && changesIdentity(req.params.arguments)) {
      return agentResult(name, {
        isError: true,
        error: {
          code: 'unsupported',
          details: { reason: 'identity_fixed' },
          message: `This server acts for "${host.actsFor}", given with --user when it was started; set_identity can only tell who that is (call it with no arguments). To act for someone else, restart it with --user <id> --orgs <a,b>.`,
          path: 'user',
        },
      });
    }
    await waitReady(host, extra.signal, extra._meta?.progressToken, (n) => extra.sendNotification(n));
    const result = await host.engine.call(name, req.params.arguments ?? {});
    if (def?.write && !isErrorResult(result)) {
      await host.afterWrite?.();
      await server.sendResourceListChanged().catch(() => undefined);
    }
    return agentResult(name, result);
  });

  server.setRequestHandler(ListResourcesRequestSchema, async (req) => {
    await host.ready;
    return listNoteResources(host.engine, req.params?.cursor);
  });
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({ resourceTemplates: RESOURCE_TEMPLATES }));
  server.setRequestHandler(ReadResourceRequestSchema, async (req) => {
    await host.ready;
    return readNoteResource(host.engine, req.params.uri);
  });

  server.setRequestHandler(ListPromptsRequestSchema, () => ({ prompts: PROMPTS }));
  server.setRequestHandler(GetPromptRequestSchema, async (req) => {
    await host.ready;
    const prompt = await getPrompt(req.params.name, host.engine);
    if (!prompt) throw new McpError(ErrorCode.InvalidParams, `No prompt named ${JSON.stringify(req.params.name)}; prompts: ${PROMPTS.map((p) => p.name).join(', ')}.`);
    return prompt;
  });
  return server;
}

/** set_identity with any argument changes or clears the identity; with none it only reports it. */
function changesIdentity(args: Record<string, unknown> | undefined): boolean {
  return !!args && Object.keys(args).length > 0;
}

type Notify = (n: { method: 'notifications/progress'; params: { progressToken: string | number; progress: number; total?: number; message?: string } }) => Promise<void>;

/** Calls made while the vault is still importing wait, reporting progress when the client asked for it. */
async function waitReady(host: McpHost, signal: AbortSignal, token: string | number | undefined, notify: Notify): Promise<void> {
  let settled = false;
  void host.ready.finally(() => (settled = true));
  await Promise.resolve();
  if (settled || token === undefined || !host.progress) return host.ready;
  const report = () => {
    const p = host.progress?.();
    if (p) void notify({ method: 'notifications/progress', params: { progressToken: token, progress: p.done, total: p.total, message: p.message } }).catch(() => undefined);
  };
  report();
  const timer = setInterval(report, 250);
  try {
    await Promise.race([host.ready, new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('cancelled')), { once: true }))]);
  } finally {
    clearInterval(timer);
  }
}
