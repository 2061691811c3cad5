// How a task line reads in the Tasks view (plain text, never HTML): its words,
// links as their words, without the signifiers shown beside it as badges (dates, priority, recurrence, dependencies; the Tasks plugin
// hides them the same way), and which group its due date puts it in.

// Emoji followed by a date, the priority emoji, 🔁 with its rule (to the next signifier or field).
const DATED = /(?:📅|📆|🗓|✅|⏳|⌛|🛫|➕|❌)\uFE0F?\s*\d{4}-\d{2}-\d{2}/gu;
const PRIORITY = /[🔺⏫🔼🔽⏬]\uFE0F?/gu;
const REPEAT = /🔁\uFE0F?[^📅📆🗓✅⏳⌛🛫➕❌🔺⏫🔼🔽⏬🆔⛔[(]*/gu;
// Dependencies: 🆔 id and ⛔ ids (the badges say whether the task is blocked).
const DEPENDENCY = /🆔\uFE0F?[ \t]*[A-Za-z0-9_-]+|⛔\uFE0F?[ \t]*[A-Za-z0-9_-]+(?:[ \t]*,[ \t]*[A-Za-z0-9_-]+)*/gu;
// Dataview fields the badges show, in brackets or bare (a bare one runs to the line's end only for repeat::).
const FIELD_KEYS = 'due|completion|scheduled|start|created|cancelled|priority|id|dependsOn|repeat';
const BRACKETED = new RegExp(`\\[(?:${FIELD_KEYS})::[^\\]]*\\]|\\((?:${FIELD_KEYS})::[^)]*\\)`, 'giu');
const BARE = new RegExp(`(?:^|\\s)(?:(?:${FIELD_KEYS.replace('|repeat', '')})::\\s*\\S+|repeat::.*$)`, 'giu');

// Links read as their words: [[target|alias]] → alias, [[target#heading]] → target, [label](url) → label.
const WIKILINK = /!?\[\[([^\]|#]*)(?:#[^\]|]*)?(?:\|([^\]]*))?\]\]/gu;
const MDLINK = /!?\[([^\]]*)\]\([^)\s]*(?:\s+"[^"]*")?\)/gu;

/** The task's text as the view shows it: signifiers and date fields taken out, links as their words, spaces closed up. */
export function taskDisplay(text: string): string {
  const out = text
    .replace(WIKILINK, (_, target: string, alias?: string) => (alias ?? target).trim())
    .replace(MDLINK, (_, label: string) => label)
    .replace(BRACKETED, ' ').replace(DATED, ' ').replace(REPEAT, ' ').replace(PRIORITY, ' ').replace(DEPENDENCY, ' ').replace(BARE, ' ');
  const closed = out.replace(/\s+/gu, ' ').trim();
  // A task that is only signifiers still shows something.
  return closed === '' ? text.trim() : closed;
}

export type DueGroup = 'overdue' | 'today' | 'upcoming' | 'none';

/** Where a task's due date puts it, against today's date (YYYY-MM-DD, the user's calendar). */
export function dueGroup(due: string | null, today: string): DueGroup {
  if (due === null) return 'none';
  return due < today ? 'overdue' : due === today ? 'today' : 'upcoming';
}
