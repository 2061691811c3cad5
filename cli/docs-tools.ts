// Writes what is generated from the engine's own definitions: docs/tools.md
// and the UI's contract data, worker/tool-args.ts (tool argument types) and
// worker/query/operator-table.ts (the filter operators as plain data).
import { writeFileSync } from 'node:fs';
import { toolsMarkdown } from './help';
import { operatorTableSource } from './operator-table';
import { toolArgsSource } from './tool-args';

writeFileSync(new URL('../docs/tools.md', import.meta.url), toolsMarkdown());
writeFileSync(new URL('../worker/tool-args.ts', import.meta.url), toolArgsSource());
writeFileSync(new URL('../worker/query/operator-table.ts', import.meta.url), operatorTableSource());
console.log('wrote docs/tools.md, worker/tool-args.ts and worker/query/operator-table.ts');
