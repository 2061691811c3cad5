// Writes what is generated from the engine's own definitions: docs/tools.md,
// docs/mcp-tools.json (the tools as `kioku mcp` and WebMCP publish them)
// and the UI's contract data, worker/tool-args.ts (tool argument types) and
// worker/query/operator-table.ts (the filter operators as plain data).
import { writeFileSync } from 'node:fs';
import { toolsMarkdown } from './help';
import { operatorTableSource } from './operator-table';
import { toolArgsSource } from './tool-args';
import { mcpToolsDocument } from './mcp/server';

writeFileSync(new URL('../docs/tools.md', import.meta.url), toolsMarkdown());
writeFileSync(new URL('../worker/tool-args.ts', import.meta.url), toolArgsSource());
writeFileSync(new URL('../worker/query/operator-table.ts', import.meta.url), operatorTableSource());
writeFileSync(new URL('../docs/mcp-tools.json', import.meta.url), mcpToolsDocument());
console.log('wrote docs/tools.md, docs/mcp-tools.json, worker/tool-args.ts and worker/query/operator-table.ts');
