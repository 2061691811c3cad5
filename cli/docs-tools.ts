// Writes docs/tools.md from the tool registry.
import { writeFileSync } from 'node:fs';
import { toolsMarkdown } from './help';

writeFileSync(new URL('../docs/tools.md', import.meta.url), toolsMarkdown());
console.log('wrote docs/tools.md');
