// Task list items as Obsidian reads them: `- [ ]` open, `- [x]` done, and any
// other one character in the brackets a custom state that themes and the
// Tasks plugin give a meaning (`[>]` forwarded, `[-]` cancelled, `[/]` in
// progress…). marked knows only [ ] and [x]; the list tokenizer below takes
// the other states out of the item's text the way marked takes those two, so
// `- [>] call Bob` is a task, not a bullet reading "[>] call Bob". Every task
// item carries Obsidian's `data-task` attribute, so its CSS conventions apply.
// Boxes are rendered disabled and states as read-only marks; the note view
// enables open and done boxes when it can save the note (MarkdownBody, set_task).
import { Tokenizer, type Tokens, type RendererObject, type TokenizerObject } from 'marked';
import type { Translate, UiKey } from '../../i18n/i18n';
import { escapeHtml } from './obsidian-syntax';

/**
 * Whether one character in the brackets is a task state and not a Basic
 * Memory category: the engine's rule (TASK_STATUS in
 * worker/ingest/markdown.ts): any ASCII character, or one that is not a
 * letter. `- [猫] text` is an observation there, so it stays one here.
 */
export function isTaskState(c: string): boolean {
  return c !== '[' && c !== ']' && /^(?:[ -~]|\P{L})$/u.test(c);
}

/** `[c] ` opening a list item's text, followed by text of its own (marked's rule for [ ] and [x]). */
const CUSTOM_BOX = /^\[(\S)\][ \t]+(?=\S)/u;
const BOX_PREFIX = /^\[\S\][ \t]+/u;

type TaskItem = Tokens.ListItem & { taskState?: string };
type StateBox = Tokens.Checkbox & { state?: string };

/** The state marked found in a [ ] or [x] item's box. */
function markedState(item: TaskItem): string {
  const box = (item.tokens[0]?.type === 'checkbox' ? item.tokens[0] : (item.tokens[0] as Tokens.Paragraph | undefined)?.tokens?.[0]) as StateBox | undefined;
  const state = box?.type === 'checkbox' ? box.raw.charAt(1) : ' ';
  if (box?.type === 'checkbox') box.state = state;
  return state;
}

export const taskTokenizer: TokenizerObject = {
  list(src) {
    const queue = this.lexer.inlineQueue;
    const before = queue.length;
    const list = Tokenizer.prototype.list.call(this, src) as Tokens.List | undefined;
    if (!list) return undefined;
    // The inline text this list's items wait to have read, by the token it will fill.
    const waiting = new Map(queue.slice(before).map((q) => [q.tokens, q]));
    for (const item of list.items as TaskItem[]) {
      if (item.task) {
        item.taskState = markedState(item);
        continue;
      }
      const m = CUSTOM_BOX.exec(item.text);
      const first = item.tokens[0] as Tokens.Text | Tokens.Paragraph | undefined;
      if (!m || !isTaskState(m[1]) || !first || (first.type !== 'text' && first.type !== 'paragraph')) continue;
      // As marked does for [x]: the box leaves the text, and the inline text still waiting to be read.
      item.text = item.text.replace(BOX_PREFIX, '');
      first.raw = first.raw.replace(BOX_PREFIX, '');
      first.text = first.text.replace(BOX_PREFIX, '');
      const queued = first.tokens && waiting.get(first.tokens);
      if (queued) queued.src = queued.src.replace(BOX_PREFIX, '');
      const box: StateBox = { type: 'checkbox', raw: `[${m[1]}] `, checked: false, state: m[1] };
      if (list.loose && first.tokens) first.tokens.unshift(box);
      else item.tokens.unshift(box);
      item.task = true;
      item.checked = false;
      item.taskState = m[1];
    }
    return list;
  },
};

const isDone = (state: string) => state === 'x' || state === 'X';

/** The box: a disabled checkbox for open and done, a state mark (labelled later, in the UI's language) for the others. */
function boxHtml(state: string, checked: boolean): string {
  const attr = `data-task="${escapeHtml(state)}"`;
  if (state === ' ' || isDone(state)) return `<input type="checkbox" disabled${checked ? ' checked' : ''} ${attr}> `;
  return `<span class="md-task-box" ${attr}></span> `;
}

/**
 * A task item's own text sits in `.md-task-text`, so a done or cancelled
 * item strikes through its words and not the items nested under it.
 */
function taskItemHtml(render: (tokens: Tokens.Generic[]) => string, item: TaskItem, line: string): string {
  const state = item.taskState ?? ' ';
  const own = item.tokens.findIndex((t) => t.type === 'text' || t.type === 'paragraph');
  const inner = item.tokens
    .map((t, i) => {
      const html = render([t]);
      if (i !== own) return html;
      return t.type === 'paragraph' ? html.replace(/^<p/, '<p class="md-task-text"') : `<span class="md-task-text">${html}</span>`;
    })
    .join('');
  return `<li class="md-task" data-task="${escapeHtml(state)}"${line}>${inner}</li>\n`;
}

/** Renderers for boxes and list items; `line` gives an item's source-line attribute (source-lines.ts). */
export function taskRenderers(line: (token: object) => string): RendererObject {
  return {
    checkbox(token) {
      const state = (token as StateBox).state ?? (token.checked ? 'x' : ' ');
      return boxHtml(state, token.checked);
    },
    listitem(item) {
      if (item.task) return taskItemHtml((tokens) => this.parser.parse(tokens), item, line(item));
      return `<li${line(item)}>${this.parser.parse(item.tokens)}</li>\n`;
    },
  };
}

/** Custom states with a common meaning (Obsidian themes, the Tasks plugin); others are named by their character. */
const STATE_LABELS: Record<string, UiKey> = {
  '>': 'render.task.forwarded',
  '<': 'render.task.scheduled',
  '-': 'render.task.cancelled',
  '/': 'render.task.inProgress',
  '!': 'render.task.important',
  '?': 'render.task.question',
  '*': 'render.task.star',
  '"': 'render.task.quote',
  i: 'render.task.information',
  b: 'render.task.bookmark',
  I: 'render.task.idea',
};

/** Names each state mark under root in the UI's language (after sanitising: the labels are the app's, not the note's). */
export function labelTaskStates(root: ParentNode, t: Translate): void {
  for (const box of root.querySelectorAll('span.md-task-box[data-task]')) {
    const state = box.getAttribute('data-task') ?? '';
    const key = STATE_LABELS[state];
    const label = key ? t(key) : t('render.task.other', { state });
    box.setAttribute('role', 'img');
    box.setAttribute('aria-label', label);
    box.setAttribute('title', label);
  }
}
