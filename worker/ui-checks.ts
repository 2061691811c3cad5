// Checks the UI shows while the user types, answered by the engine worker so
// they are the very rules the engine applies (the page imports no engine
// code, only worker/contract.ts): a new note's path, the frontmatter being
// edited, a folder dropped as an embedding model.
import { folderProblem, relativeFiles } from './embed/opfs-models';
import { parseFrontmatter, UNREADABLE_FRONTMATTER } from './ingest/frontmatter';
import type { Problem } from './ingest/problems';
import { newNotePath } from './tools/note-path';

export interface YamlIssue {
  line: number;
  message: string;
}

/** Why `path` cannot be a new note (create_note's rule, worded as create_note words it), or null. */
export function notePathProblem(path: string): string | null {
  try {
    newNotePath(path);
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

/** The first error in the YAML of a frontmatter block, with its line (1 = the first YAML line), or null. */
export function frontmatterIssue(yaml: string): YamlIssue | null {
  const problems: Problem[] = [];
  parseFrontmatter(yaml, 1, problems);
  const bad = problems.find((p) => UNREADABLE_FRONTMATTER.has(p.code));
  if (!bad) return null;
  // The parser reports an unclosed [ or { where the text ends; point at the last line that has text instead.
  const lines = yaml.split('\n');
  let last = lines.length;
  while (last > 1 && lines[last - 1].trim() === '') last--;
  return { line: Math.min(bad.line ?? 1, last), message: bad.message };
}

/** Why a folder holding these paths is not a transformers.js model folder (its own top folder may be included), or null. */
export function modelFolderProblem(paths: string[]): string | null {
  return folderProblem(relativeFiles(paths.map((path) => ({ path }))).map((f) => f.path));
}

export const uiChecks = { notePathProblem, frontmatterIssue, modelFolderProblem };
