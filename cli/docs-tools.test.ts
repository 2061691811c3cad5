import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { toolsMarkdown } from './help';
import { operatorTableSource } from './operator-table';
import { toolArgsSource } from './tool-args';
import { mcpToolsDocument } from './mcp/server';

it('docs/tools.md matches the tool registry (run npm run docs:tools after changing a tool)', () => {
  const committed = readFileSync(new URL('../docs/tools.md', import.meta.url), 'utf8');
  expect(committed).toBe(toolsMarkdown());
});

it('worker/tool-args.ts, the argument types the UI is checked against, matches the registry (run npm run docs:tools)', () => {
  const committed = readFileSync(new URL('../worker/tool-args.ts', import.meta.url), 'utf8');
  expect(committed).toBe(toolArgsSource());
});

it('worker/query/operator-table.ts, the operators the UI builds filters from, matches operators.ts (run npm run docs:tools)', () => {
  const committed = readFileSync(new URL('../worker/query/operator-table.ts', import.meta.url), 'utf8');
  expect(committed).toBe(operatorTableSource());
});

it('docs/mcp-tools.json, the tools as MCP and WebMCP publish them, matches the registry (run npm run docs:tools)', () => {
  const committed = readFileSync(new URL('../docs/mcp-tools.json', import.meta.url), 'utf8');
  expect(committed).toBe(mcpToolsDocument());
});
