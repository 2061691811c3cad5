// Reads the structure Kioku indexes out of a Markdown body: headings, Basic
// Memory observations and relations, and every other [[wikilink]]. Fenced
// code blocks and inline code are skipped: examples in code are not facts.
import { indentOf, ProseLines } from './prose-lines';
import { peelQualifier } from './qualifier';
import type { TemporalAssertion } from './temporal';
import { readTask, type Task } from './tasks';

export interface Observation {
  line: number;
  category: string;
  /** The text after the category, without its temporal qualifier and trailing context. */
  content: string;
  tags: string[];
  context: string | null;
  /** The valid-time claims of its qualifier (qualifier.ts); at most one today. */
  temporal: TemporalAssertion[];
  /** Why a qualifier the author wrote was not read (reported as an import problem). */
  temporalRefusal?: string;
}

export interface Relation {
  line: number;
  type: string;
  target: string;
  context: string | null;
}

export interface Heading {
  line: number;
  level: number;
  text: string;
}

export interface BodyStructure {
  headings: Heading[];
  observations: Observation[];
  relations: Relation[];
  /** Task lines (`- [ ] …`, `- [x] …`, custom statuses), in line order. */
  tasks: Task[];
}

const HEADING = /^\s{0,3}(#{1,6})[ \t]+(.+?)(?:[ \t]+#+)?[ \t]*$/;
// `- [category] text`, but not task boxes (`- [ ]`, `- [x]`) nor links `- [a](b)`.
const OBSERVATION = /^\s*[-*+][ \t]+\[([^\[\]\n]+)\][ \t]+(.+)$/;
const RELATION = /^\s*[-*+][ \t]+([^\[\]\n]+?)[ \t]+\[\[([^\]\n]+)\]\](.*)$/d;
// A relation type is a few words (implements, depends on, part_of). Markdown formatting or punctuation in the words before the
// link, more than five words, or punctuation right after the link ("…consider a subscription for [[Sync]].") say
// the line is prose, its link a plain one.
const FORMATTED = /[*`~=<>!?.,:;。、？！]/u;
const MAX_RELATION_WORDS = 5;
const ENDS_CLAUSE = /^[.,;:!?。、]/u;
function relationType(rel: RegExpExecArray, raw: string): boolean {
  const type = rel[1];
  if (/\[\[/.test(type) || FORMATTED.test(type) || ENDS_CLAUSE.test(rel[3])) return false;
  if (type.trim().split(/\s+/u).length > MAX_RELATION_WORDS) return false;
  // As written too: code or a comment blanked inside or after the words makes them prose.
  return raw.slice(rel.indices![1][0], rel.indices![2][0] - 2).trimEnd() === type;
}
const WIKILINK = /!?\[\[([^\[\]\n]+?)\]\]/g;
const TRAILING_CONTEXT = /[ \t]*\(([^()]*)\)[ \t]*$/;
const HASHTAG = /(?:^|\s)#([\p{L}\p{N}_\-/]+)/gu;

export function parseBody(body: string, firstLine = 1): BodyStructure {
  const headings: Heading[] = [];
  const observations: Observation[] = [];
  const relations: Relation[] = [];
  const tasks: Task[] = [];
  const lines = body.split('\n');
  // What Obsidian shows as Markdown: no fenced code, comments or $$ math (prose-lines.ts, as inline tags and fields).
  const prose = new ProseLines(lines);

  for (let i = 0; i < lines.length; i++) {
    let raw = lines[i];
    if (raw.charCodeAt(raw.length - 1) === 13) raw = raw.slice(0, -1);
    const lineNo = firstLine + i;
    const line = prose.read(raw, i);
    if (line === null) continue;
    // Most lines hold nothing Kioku extracts: look at the first non-blank
    // character and for '[' before running any regular expression.
    const j = indentOf(line);
    const first = line.charCodeAt(j);
    const hasBracket = line.includes('[');
    if (first !== 35 && !hasBracket) continue;

    if (first === 35) {
      const h = HEADING.exec(line);
      if (h) headings.push({ line: lineNo, level: h[1].length, text: h[2].trim() });
    }
    if (!hasBracket) continue;

    // 62 '>': a task inside a quote or callout.
    if (first === 45 || first === 42 || first === 43 || first === 62 || (first >= 48 && first <= 57)) {
      const task = readTask(raw, line, lineNo, (c) => TASK_STATUS.test(c));
      if (task) tasks.push(task);
    }
    if (first === 45 || first === 42 || first === 43) {
      const obs = OBSERVATION.exec(line);
      if (obs && isCategory(obs[1]) && obs[2].trim() !== '' && !line.slice(line.indexOf(']') + 1).startsWith('(')) {
        observations.push(parseObservation(obs[1], obs[2], lineNo));
        collectWikilinks(obs[2], lineNo, relations);
        continue;
      }

      const rel = RELATION.exec(line);
      if (rel && relationType(rel, raw)) {
        const type = rel[1].trim();
        const target = linkTarget(rel[2]);
        if (target) {
          const ctx = TRAILING_CONTEXT.exec(rel[3]);
          relations.push({ line: lineNo, type, target, context: ctx ? ctx[1].trim() || null : null });
          // Further links on the same line are plain links.
          collectWikilinks(rel[3], lineNo, relations);
          continue;
        }
      }
    }
    collectWikilinks(line, lineNo, relations);
  }
  return { headings, observations, relations, tasks };
}

// One ASCII character or symbol in the brackets is a task box, `[x]` or one of
// Obsidian's custom statuses (`[>]` forwarded, `[-]` cancelled, `[?]`, `[!]`, `[i]`…).
const TASK_STATUS = /^(?:[ -~]|\P{L})$/u;
/** Whether one character in a list item's box makes it a task (else a Basic Memory category such as [猫]). */
export const isTaskStatus = (c: string): boolean => TASK_STATUS.test(c);

function isCategory(c: string): boolean {
  const t = c.trim();
  return t.length > 0 && !TASK_STATUS.test(c) && !t.startsWith('[');
}

function parseObservation(category: string, rest: string, line: number): Observation {
  let text = rest.trim();
  let context: string | null = null;
  const ctx = TRAILING_CONTEXT.exec(text);
  if (ctx) {
    context = ctx[1].trim() || null;
    text = text.slice(0, ctx.index).trim();
  }
  // One qualifier, so at most one assertion: valid-time totals count assertions as observations (search/observation-listing.ts).
  const peeled = peelQualifier(text);
  text = peeled.content;
  const tags: string[] = [];
  for (const m of text.matchAll(HASHTAG)) tags.push(m[1]);
  const obs: Observation = { line, category: category.trim(), content: text, tags, context, temporal: peeled.assertion ? [peeled.assertion] : [] };
  if (peeled.refusal) obs.temporalRefusal = peeled.refusal;
  return obs;
}

function collectWikilinks(text: string, line: number, out: Relation[]): void {
  if (!text.includes('[[')) return;
  for (const m of text.matchAll(WIKILINK)) {
    const target = linkTarget(m[1]);
    if (target) out.push({ line, type: 'links_to', target, context: null });
  }
}

/** `Target#Heading|Alias` → `Target`. */
export function linkTarget(inner: string): string {
  return inner.split('|')[0].split('#')[0].trim();
}

/** The key a link target and a note are matched on: case, width and `.md` do not matter. */
export function linkKey(target: string): string {
  return target
    .normalize('NFKC')
    .toLowerCase()
    .trim()
    .replace(/\.(md|markdown)$/, '');
}
