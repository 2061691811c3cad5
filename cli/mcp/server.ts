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
import { isErrorResult, toErrorResult } from '../../worker/errors';
import { findTool } from '../../worker/tools/call';
import { changesIdentity, NOTE_WRITERS, toolCatalog } from '../../worker/tools/catalog';
import { agentResult } from '../../worker/tools/agent-result';
import { listNoteResources, readNoteResource, RESOURCE_TEMPLATES } from './resources';
import { PROMPTS, getPrompt } from './prompts';
import { CallProgress, waitForImport, type ProgressSource } from './progress';

export interface McpHost {
  engine: Engine;
  /** Resolves once the vault is imported; calls wait for it (embedding never blocks). */
  ready: Promise<void>;
  /** Writes reach disk only when the server was started with --allow-write. */
  allowWrite: boolean;
  /** The user given with --user: the server acts for them, and set_identity may not change that. */
  actsFor?: string;
  /** How the server was started (`--db notes.kioku`, `--vault ~/notes`), for the advice to restart it with --allow-write. */
  source?: string;
  /** After each successful write (saves a --db file). */
  afterWrite?(): void | Promise<void>;
  /** Import progress while `ready` is pending, for clients that sent a progress token. */
  progress?: ProgressSource;
  /** The start-up embedding's progress while it runs (null otherwise). */
  embedding?: ProgressSource;
  version: string;
}

/** Every tool and tool alias as an MCP tool description, generated from the registry. */
export function mcpTools(): Tool[] {
  return toolCatalog().map((t) => ({
    name: t.name,
    description: t.write ? `${t.description} Writes to the notes folder (needs --allow-write).` : t.description,
    inputSchema: t.inputSchema as Tool['inputSchema'],
    annotations: t.hints,
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
          message: `${name} writes notes, and this server was started read-only. Restart it with --allow-write (e.g. "npx kioku mcp ${host.source ?? '(--db <file> | --vault <dir>)'} --allow-write") to let tools write.`,
          path: '',
        },
      });
    }
    if (host.actsFor !== undefined && changesIdentity(name, req.params.arguments)) {
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
    const progress = new CallProgress(extra._meta?.progressToken, (n) => extra.sendNotification(n));
    // A failed import or a cancelled wait is an error result too: nothing throws through the server.
    try {
      await waitForImport(host.ready, extra.signal, progress, host.progress);
    } catch (e) {
      return agentResult(name, toErrorResult(e));
    }
    const stop = progress.follow(host.embedding);
    let result: unknown;
    try {
      result = await host.engine.call(name, req.params.arguments ?? {});
    } catch (e) {
      result = toErrorResult(e);
    } finally {
      stop();
    }
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
