// Help text generated from the tool registry, so it cannot drift from the tools.
import { TOOLS } from '../worker/tools/registry';
import type { ParamDoc, ToolDef } from '../worker/tools/define';
import { findTool } from '../worker/tools/call';

const USAGE = `kioku: search folders of Markdown notes by text, meaning and frontmatter

Usage:
  kioku index <dir> --db <file> [--name <vault>] [--verify]   import a folder into a database file
  kioku call <tool> '<json>' (--db <file> | --vault <dir>) [--allow-write]
                                                   one tool call; prints its JSON result
  kioku batch (--db <file> | --vault <dir>) [--allow-write]
                                                   one {"tool","args"} JSON object per stdin line
  kioku mcp (--db <file> | --vault <dir>) [--allow-write] [--user <id> --orgs <a,b>]
                                                   an MCP server on stdio for AI assistants
  kioku tools [name]                               the tools and their arguments

Options:
  --db <file>     a database made by "kioku index" (updated by writing tools)
  --vault <dir>   import the folder into a fresh in-memory database first
  --name <vault>  the vault's name (default: the folder's name)
  --verify        with index: read every file, even those whose size and date are unchanged
  --follow-external-links
                  follow symbolic links that point outside the vault folder (by
                  default they are reported as problems and not read)
  --no-embed      skip computing embeddings in this run only (vector and hybrid
                  modes cover what an earlier run embedded; the next run without
                  it embeds what is missing)
  --model <id>    embedding model (default: the bundled use-lite; see embed_status)
  --allow-write   with call, batch and mcp: let write tools write notes to the
                  vault's folder (the one it was imported from, never outside it)
  --user <id>     who you are in team spaces (or KIOKU_USER); --orgs <a,b> your organisations (or KIOKU_ORGS)
  --quiet, -q     do not report import problem counts or embedding progress on stderr

Embeddings: with --vault (and index, and --db files that lack them) Kioku embeds
every note with the model before answering, so search modes "vector" and
"hybrid" work; mcp answers at once and embeds in the background (search ranks
by text until that is done). Progress goes to stderr. Models other than the bundled one are
downloaded once into ~/.cache/kioku/models (KIOKU_MODEL_CACHE).

Exit status: 0 success, 2 the tool returned an error result, 1 bad usage or failure.`;

export function helpText(withTools: boolean): string {
  const list = (Object.values(TOOLS) as ToolDef<unknown, unknown>[])
    .map((t) => `  ${t.name.padEnd(12)} ${t.description}`)
    .join('\n');
  return withTools ? `Tools:\n${list}\n\nRun "kioku tools <name>" for a tool's arguments.` : `${USAGE}\n\nTools:\n${list}`;
}

export function toolHelp(name: string): string {
  const t = findTool(name);
  if (!t) return `No tool named ${JSON.stringify(name)}.\n\n${helpText(true)}`;
  const params = t.params.map((p) => `  ${p.name}${p.required ? ' (required)' : ''}${aliasNote(p, (a) => a)}: ${p.type}\n      ${p.description}`).join('\n');
  const examples = (t.examples ?? []).map((e) => `  kioku call ${t.name} '${JSON.stringify(e)}' --db kioku.db`).join('\n');
  return `${t.name}${t.aliases?.length ? ` (aliases: ${t.aliases.join(', ')})` : ''}\n  ${t.description}\n\nArguments:\n${params || '  (none)'}${examples ? `\n\nExamples:\n${examples}` : ''}`;
}

/** " (alias x)" / " (aliases x, y)" from the parameter's declared aliases. */
function aliasNote(p: ParamDoc, show: (a: string) => string): string {
  const a = p.aliases ?? [];
  return a.length ? ` (alias${a.length > 1 ? 'es' : ''} ${a.map(show).join(', ')})` : '';
}

/** docs/tools.md: the tool reference, generated from the registry (npm run docs:tools). */
export function toolsMarkdown(): string {
  const tools = Object.values(TOOLS) as ToolDef<unknown, unknown>[];
  const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
  const sections = tools.map((t) => {
    const rows = t.params.map((p) => `| \`${p.name}\`${p.required ? ' (required)' : ''}${aliasNote(p, (a) => `\`${a}\``)} | ${cell(p.type)} | ${cell(p.description)} |`);
    const table = rows.length ? `| argument | type | meaning |\n|---|---|---|\n${rows.join('\n')}` : 'No arguments.';
    const examples = (t.examples ?? []).map((e) => `    npx kioku call ${t.name} '${JSON.stringify(e)}' --db notes.kioku`).join('\n');
    const aliases = t.aliases?.length ? `\n\nAliases: ${t.aliases.map((a) => `\`${a}\``).join(', ')}.` : '';
    const write = t.write ? ' Writes (calls that write run one at a time).' : '';
    return `## \`${t.name}\`\n\n${t.description}${write}${aliases}\n\n${table}${examples ? `\n\nExamples:\n\n${examples}` : ''}\n`;
  });
  return `# Tools\n\nGenerated from worker/tools/registry.ts by \`npm run docs:tools\`; do not edit by hand. Every tool takes a JSON object and returns JSON, or \`{"isError": true, "error": {"code", "message", "path"}}\`. Error codes: see worker/errors.ts.\n\n${sections.join('\n')}`;
}
