// In-browser agents (WebMCP): where the page exposes a model context
// (`document.modelContext`, or `navigator.modelContext` in earlier Chrome
// builds), Kioku registers its tools there, with the same names and JSON
// Schemas as `kioku mcp`, answered by the engine worker. A thin adapter: the
// catalog and the result shaping live in the engine, so this file holds no
// copy of any tool. Absent API, nothing happens.
import type { AgentResult, ToolInfo } from '../../../worker/contract';
import { engineApi } from './client';

interface ModelContextTool {
  name: string;
  description: string;
  inputSchema: object;
  annotations?: { readOnlyHint?: boolean };
  execute(input: object): Promise<AgentResult>;
}

interface ModelContext {
  registerTool?(tool: ModelContextTool, options?: { signal?: AbortSignal }): unknown;
  unregisterTool?(name: string): void;
  provideContext?(context: { tools: ModelContextTool[] }): void;
}

export function modelContext(): ModelContext | undefined {
  const doc = typeof document !== 'undefined' ? (document as unknown as { modelContext?: ModelContext }).modelContext : undefined;
  const nav = typeof navigator !== 'undefined' ? (navigator as unknown as { modelContext?: ModelContext }).modelContext : undefined;
  const mc = doc ?? nav;
  return mc && (typeof mc.registerTool === 'function' || typeof mc.provideContext === 'function') ? mc : undefined;
}

function asTool(info: ToolInfo): ModelContextTool {
  return {
    name: info.name,
    description: info.description,
    inputSchema: info.inputSchema,
    annotations: { readOnlyHint: info.hints.readOnlyHint },
    execute: (input) => engineApi().callForAgent(info.name, input ?? {}, 'page-agent'),
  };
}

/** Registers every tool once the engine is open; returns how many were registered (0 where WebMCP is absent). */
export async function registerAgentTools(): Promise<number> {
  const mc = modelContext();
  if (!mc) return 0;
  try {
    const tools = (await engineApi().toolCatalog()).map(asTool);
    if (typeof mc.registerTool === 'function') {
      for (const tool of tools) {
        // A name another script registered first stays theirs; the rest still register.
        try {
          mc.registerTool(tool);
        } catch (e) {
          console.warn(`Kioku: WebMCP refused the tool ${tool.name}:`, e);
        }
      }
    } else mc.provideContext!({ tools });
    return tools.length;
  } catch (e) {
    console.warn('Kioku: could not offer tools to the page’s agent (WebMCP):', e);
    return 0;
  }
}
