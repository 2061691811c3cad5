import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { toolsMarkdown } from './help';

it('docs/tools.md matches the tool registry (run npm run docs:tools after changing a tool)', () => {
  const committed = readFileSync(new URL('../docs/tools.md', import.meta.url), 'utf8');
  expect(committed).toBe(toolsMarkdown());
});
