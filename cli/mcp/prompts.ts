// The prompts the server offers. The search guide is written from the tool
// registry and the filter-operator table, so it says what the engine accepts.
import type { GetPromptResult, Prompt } from '@modelcontextprotocol/sdk/types.js';
import { OPERATOR_INFO } from '../../worker/query/operators';
import { TOOLS } from '../../worker/tools/registry';
import type { Engine } from '../../worker/engine';
import { isErrorResult } from '../../worker/errors';

export const PROMPTS: Prompt[] = [
  { name: 'search_guide', title: 'How to search this vault', description: "Kioku's query syntax, filter language and search arguments, for an assistant about to search." },
  { name: 'pinned_context', title: 'Pinned team context', description: 'The team notes you pinned (folders subscribed with mode inject, notes hinted mode_hint: inject), as one Markdown bundle.' },
];

export async function getPrompt(name: string, engine: Engine): Promise<GetPromptResult | undefined> {
  if (name === 'search_guide') return { description: PROMPTS[0].description, messages: [{ role: 'user', content: { type: 'text', text: searchGuide() } }] };
  if (name !== 'pinned_context') return undefined;
  const r = await engine.call('pinned_context', {});
  const text = isErrorResult(r)
    ? `No pinned context: ${r.error.message}`
    : `${r.bundle || '(No notes are pinned: subscribe to a folder with mode inject.)'}${r.left_out.length ? `\n\n(Left out for size: ${r.left_out.map((x) => x.note).join(', ')}.)` : ''}`;
  return { description: PROMPTS[1].description, messages: [{ role: 'user', content: { type: 'text', text } }] };
}

export function searchGuide(): string {
  const search = TOOLS.search;
  const param = (n: string) => search.params.find((p) => p.name === n)?.description ?? '';
  const named = (p: (typeof search.params)[number]) => `\`${p.name}\`${p.aliases?.length ? ` (alias ${p.aliases.map((a) => `\`${a}\``).join(', ')})` : ''}`;
  const line = (p: (typeof search.params)[number]) => `- ${named(p)} (${p.type}): ${p.description}`;
  const TIME = ['valid_at', 'valid_overlaps', 'time_kind'];
  const args = search.params.filter((p) => !['query', 'filters', 'snippet_markers', 'ids', ...TIME].includes(p.name)).map(line);
  const time = search.params.filter((p) => TIME.includes(p.name)).map(line);
  const ops = OPERATOR_INFO.map((o) => `- \`${o.name}\`: ${o.label}, e.g. \`${JSON.stringify({ field: { [o.name]: o.example } })}\``);
  return [
    '# Searching with Kioku',
    '',
    `Use \`search\` to rank notes by relevance and \`find\` to list notes matching a frontmatter filter as a table (exact total, sortable). \`read_note\` returns a whole note; \`fields\` lists the frontmatter keys with their types and counts, which tells you what a filter can use.`,
    '',
    '## Query text',
    param('query'),
    '',
    '## Filters (`filters`, alias `metadata_filters`, in search and find)',
    'A JSON object: each key names a frontmatter field (dots for nested keys, e.g. "schema.version"), each value a condition; all keys must hold. A plain value means equality (on a list: some element equals it); a list means "holds every value".',
    'Example: {"status": "in-progress", "confidence": {"$gt": 0.7}}',
    'Operators:',
    ...ops,
    '`{"owner": null}` matches notes without the key; there is no $ne: write `{"status": {"$nin": ["done"]}}` for "not done".',
    'Numbers and numeric strings compare as numbers; dates are text (ISO dates order correctly); tags ignore case. A rejected filter returns an error naming the part to fix.',
    '',
    '## Other search arguments',
    ...args,
    '',
    '## Valid time (observations with a temporal qualifier)',
    ...time,
  ].join('\n');
}
