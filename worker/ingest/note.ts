// One file in, one parsed record out. Pure: no I/O, no database. Bad input
// never throws here; it becomes a Problem and the best record Kioku can keep.
import { decodeNote } from './decode';
import { parseFrontmatter, splitFrontmatter, type Frontmatter } from './frontmatter';
import { parseBody, type BodyStructure } from './markdown';
import { inlineValues, readInlineMeta, uniqueTags, type InlineMeta } from './inline-meta';
import type { Problem } from './problems';
import { aliasesOf, normalizeTags, stringValue, wantedPermalink } from './standard-keys';
import { extOf, nameOf, stem } from './paths';

/** Characters of body text that are indexed and parsed; the rest of a huge note is kept but not indexed. */
export const MAX_INDEXED_CHARS = 2_000_000;

export const BOM = '\uFEFF';

export interface ParsedNote {
  kind: 'note';
  path: string;
  title: string;
  type: string;
  permalink: string;
  /** Frontmatter tags, then inline #tags (each once, case-insensitively). */
  tags: string[];
  aliases: string[];
  frontmatter: Frontmatter;
  head: string;
  body: string;
  /** The prefix of body that is indexed (all of it unless the note is huge). */
  indexedBody: string;
  truncated: boolean;
  structure: BodyStructure;
  /** Inline #tags and Dataview fields of the indexed body. */
  inline: InlineMeta;
  /** The inline fields that filters see: keys the frontmatter does not set (see inline-meta.ts). */
  inlineValues: Frontmatter;
  problems: Problem[];
}

export interface ParsedFile {
  kind: 'file';
  path: string;
  title: string;
  problems: Problem[];
}

export function isNotePath(path: string): boolean {
  const ext = extOf(path);
  return ext === 'md' || ext === 'markdown';
}

export function parseFile(path: string, bytes: Uint8Array): ParsedNote | ParsedFile {
  const problems: Problem[] = [];
  if (!isNotePath(path)) return { kind: 'file', path, title: nameOf(path), problems };
  const decoded = decodeNote(bytes, problems);
  if (decoded.kind === 'binary') return { kind: 'file', path, title: nameOf(path), problems };
  return parseNoteText(path, decoded.text, problems);
}

export function parseNoteText(path: string, text: string, problems: Problem[] = []): ParsedNote {
  if (text.trim() === '') {
    problems.push({
      code: 'empty_file',
      message: 'The note is empty.',
      action: 'Indexed it by its name only.',
    });
  }
  // A byte-order mark goes with the head: frontmatter starts after it.
  const bom = text.startsWith(BOM) ? BOM : '';
  const split = splitFrontmatter(text.slice(bom.length), problems);
  const frontmatter = split.yaml === null ? {} : parseFrontmatter(split.yaml, split.yamlLine, problems);

  let indexedBody = split.body;
  let truncated = false;
  if (indexedBody.length > MAX_INDEXED_CHARS) {
    truncated = true;
    indexedBody = indexedBody.slice(0, MAX_INDEXED_CHARS);
    problems.push({
      code: 'note_truncated',
      message: `The note is very large (${formatChars(split.body.length)} of text).`,
      action: `Indexed the first ${formatChars(MAX_INDEXED_CHARS)} for search; the whole file is kept and shown.`,
    });
  }

  const inline = readInlineMeta(indexedBody, split.bodyLine);
  const { values, clashes } = inlineValues(inline.fields, frontmatter);
  if (clashes.length) problems.push(clashProblem(clashes, inline));
  const structure = parseBody(indexedBody, split.bodyLine);
  for (const o of structure.observations) {
    if (o.temporalRefusal) {
      problems.push({
        code: 'temporal_qualifier_refused',
        message: o.temporalRefusal,
        action: 'Kept the line as an ordinary observation with its text unchanged; it has no valid time, so valid-time searches do not return it.',
        line: o.line,
      });
    }
  }

  return {
    kind: 'note',
    path,
    title: stringValue(frontmatter.title) ?? stem(path),
    type: stringValue(frontmatter.type) ?? 'note',
    permalink: wantedPermalink(frontmatter, path),
    tags: uniqueTags([...normalizeTags(frontmatter.tags), ...inline.tags]),
    aliases: aliasesOf(frontmatter),
    frontmatter,
    head: bom + split.head,
    body: split.body,
    indexedBody,
    truncated,
    structure,
    inline,
    inlineValues: values,
    problems,
  };
}

/** One problem per note, however many keys clash. */
function clashProblem(keys: string[], inline: InlineMeta): Problem {
  const where = keys.map((k) => `${k} (line ${inline.fields.find((f) => f.key === k)!.line})`);
  return {
    code: 'field_clash',
    message: keys.length === 1
      ? `The field ${where[0]} is set both in the frontmatter and as an inline field.`
      : `These fields are set both in the frontmatter and as inline fields: ${where.join(', ')}.`,
    action: 'Filters, sorting and fields use the frontmatter values; read_note lists the inline ones too.',
    line: inline.fields.find((f) => f.key === keys[0])!.line,
  };
}

function formatChars(n: number): string {
  return n >= 1_000_000 ? `${(n / 1_000_000).toFixed(1)} million characters` : `${n} characters`;
}
