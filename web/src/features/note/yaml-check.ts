// Frontmatter checks in the editor, with the same YAML parser the engine uses,
// so an error is shown at its line before the user saves.
import { parseFrontmatter } from '../../../../worker/ingest/frontmatter';
import type { Problem } from '../../../../worker/ingest/problems';

export interface YamlIssue {
  line: number;
  message: string;
}

export function checkFrontmatter(yaml: string): YamlIssue | null {
  const problems: Problem[] = [];
  parseFrontmatter(yaml, 1, problems);
  const bad = problems.find((p) => p.code === 'frontmatter_invalid' || p.code === 'frontmatter_not_a_map' || p.code === 'frontmatter_duplicate_key');
  if (!bad) return null;
  // The parser reports an unclosed [ or { where the text ends; point at the last line that has text instead.
  const lines = yaml.split('\n');
  let last = lines.length;
  while (last > 1 && lines[last - 1].trim() === '') last--;
  return { line: Math.min(bad.line ?? 1, last), message: bad.message };
}

/** The YAML inside a frontmatter block ("---\n…\n---\n" → "…\n"). */
export function yamlOfHead(head: string): string {
  if (!head) return '';
  const lines = head.split(/(?<=\n)/);
  return lines.slice(1, -1).join('');
}
