// Writes docs/tools.md and worker/tool-args.ts from the tool registry.
import { writeFileSync } from 'node:fs';
import { toolsMarkdown } from './help';
import { toolArgsSource } from './tool-args';

writeFileSync(new URL('../docs/tools.md', import.meta.url), toolsMarkdown());
writeFileSync(new URL('../worker/tool-args.ts', import.meta.url), toolArgsSource());
console.log('wrote docs/tools.md and worker/tool-args.ts');
