// A note opened from a search marks the query's words in its rendered text.
// Only text nodes of the rendered (sanitised) note are split and wrapped in
// <mark> elements built here: no HTML is parsed, links keep their elements
// (a mark goes inside them). What is a match is the engine's call
// (queryMatches, worker/search/note-marks.ts: the matcher snippets use), made
// on the text this module reads from the page; code is marked too, as
// snippets mark words in code. Embedded notes and files are left alone: they
// are other notes, filled in later, and a snippet never shows them.

export const QUERY_MARK_CLASS = 'md-query-mark';
/** The mark the reader is at (use-query-marks.ts): styled apart from the others. */
export const CURRENT_MARK_CLASS = 'md-query-mark-current';

/** Subtrees whose text is not this note's own. */
const SKIP = '.md-embed, [data-attachment], .md-embed-body';
/** Elements that start a new line of text: words never run on across them. */
const BREAKS = new Set(['P', 'LI', 'UL', 'OL', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'PRE', 'BLOCKQUOTE', 'DIV', 'TABLE', 'TR', 'TD', 'TH', 'DT', 'DD', 'BR', 'HR', 'DETAILS', 'SUMMARY', 'SECTION', 'FIGCAPTION', 'IMG']);

export interface TextRuns {
  /** The note's own text as read, with a line break wherever a block starts. */
  text: string;
  /** Each text node and where its text starts in `text`. */
  nodes: { node: Text; start: number }[];
}

/** The text of root's own text nodes, in document order. */
export function readText(root: Element): TextRuns {
  const doc = root.ownerDocument;
  const walker = doc.createTreeWalker(root, 0x1 | 0x4 /* SHOW_ELEMENT | SHOW_TEXT */);
  let text = '';
  const nodes: TextRuns['nodes'] = [];
  for (let n = walker.nextNode(); n; ) {
    if (n.nodeType === 1) {
      const el = n as Element;
      if (el.matches(SKIP)) {
        n = skipSubtree(walker);
        continue;
      }
      if (BREAKS.has(el.tagName) && text && !text.endsWith('\n')) text += '\n';
    } else {
      const t = n as Text;
      if (t.data) {
        nodes.push({ node: t, start: text.length });
        text += t.data;
      }
    }
    n = walker.nextNode();
  }
  return { text, nodes };
}

/** The next node after the walker's current one and everything inside it. */
function skipSubtree(walker: TreeWalker): Node | null {
  for (let n: Node | null = walker.currentNode; n; n = walker.parentNode()) {
    const next = walker.nextSibling();
    if (next) return next;
    if (n === walker.root) return null;
  }
  return null;
}

/**
 * Wraps each [start, end) of `runs.text` (ascending, not overlapping) in a
 * mark; a match across two text nodes gets a mark in each. Returns the marks
 * in document order.
 */
export function wrapMatches(runs: TextRuns, matches: readonly (readonly [number, number])[]): HTMLElement[] {
  // Pieces by node, then each node cut from its end so earlier offsets stay valid.
  const pieces = new Map<Text, [number, number][]>();
  let k = 0;
  for (const [start, end] of matches) {
    while (k < runs.nodes.length && runs.nodes[k].start + runs.nodes[k].node.data.length <= start) k++;
    for (let j = k; j < runs.nodes.length && runs.nodes[j].start < end; j++) {
      const { node, start: at } = runs.nodes[j];
      const from = Math.max(start, at) - at;
      const to = Math.min(end, at + node.data.length) - at;
      if (to > from) (pieces.get(node) ?? pieces.set(node, []).get(node)!).push([from, to]);
    }
  }
  const marks: HTMLElement[] = [];
  for (const { node } of runs.nodes) {
    const cuts = pieces.get(node);
    if (!cuts) continue;
    const mine: HTMLElement[] = [];
    for (let i = cuts.length - 1; i >= 0; i--) {
      const [from, to] = cuts[i];
      if (to < node.data.length) node.splitText(to);
      const word = from > 0 ? node.splitText(from) : node;
      const mark = node.ownerDocument.createElement('mark');
      mark.className = QUERY_MARK_CLASS;
      word.replaceWith(mark);
      mark.append(word);
      mine.unshift(mark);
    }
    marks.push(...mine);
  }
  return marks;
}

/** Takes the marks out again, leaving the text as it was. */
export function clearMarks(root: Element): void {
  const parents = new Set<Node>();
  for (const mark of root.querySelectorAll(`mark.${QUERY_MARK_CLASS}`)) {
    const parent = mark.parentNode;
    if (!parent) continue;
    mark.replaceWith(...mark.childNodes);
    parents.add(parent);
  }
  for (const p of parents) p.normalize();
}
