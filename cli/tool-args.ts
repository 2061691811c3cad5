// worker/tool-args.ts: the JSON arguments of every tool as TypeScript types,
// generated from the registry's parameter docs (npm run docs:tools), so the
// UI's call<N>(name, args) is checked against what the engine reads without
// the UI importing the registry itself.
import { TOOLS } from '../worker/tools/registry';
import type { ToolDef } from '../worker/tools/define';

// A parameter's documented type → its TypeScript type. A type written in a
// form not listed here becomes unknown (accepted as anything), never an error.
const TS_TYPES: Record<string, string> = {
  string: 'string',
  integer: 'number',
  number: 'number',
  boolean: 'boolean',
  object: 'Record<string, unknown>',
  'string[]': 'string[]',
  '[string, string]': '[string, string]',
  '[{field, order}]': "{ field: string; order?: 'asc' | 'desc' }[]",
};

function tsType(doc: string): string {
  const parts = doc.split(/\s+\|\s+/).map((p) => TS_TYPES[p.trim()] ?? 'unknown');
  return parts.includes('unknown') ? 'unknown' : parts.join(' | ');
}

const comment = (s: string) => s.replace(/\*\//g, '* /');

export function toolArgsSource(): string {
  const tools = Object.values(TOOLS) as ToolDef<unknown, unknown>[];
  const body = tools
    .map((t) => {
      const members = t.params.map((p) => `    /** ${comment(p.description)} */\n    ${p.name}${p.required ? '' : '?'}: ${tsType(p.type)};`);
      return `  ${t.name}: {${members.length ? `\n${members.join('\n')}\n  ` : ''}};`;
    })
    .join('\n');
  return `// Generated from worker/tools/registry.ts by \`npm run docs:tools\`; do not edit by hand.
// The JSON arguments of each tool under their canonical names (aliases are
// for agents and the CLI; the UI writes the canonical ones).

export interface ToolArgsMap {
${body}
}
`;
}
