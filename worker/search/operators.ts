// Obsidian's search operators in the query text (`file:`, `path:`,
// `content:`, …), taken out before the query is parsed, as `tag:` is
// (worker/query/shortcuts.ts). A supported operator becomes a scope
// condition (file: and path: any part of the name or path, as in Obsidian;
// content: the FTS5 columns of the text), and its words stay in the text, so
// they rank the hits and snippets mark them; a negated one (`-file:x`) only
// leaves notes out. An operator Kioku does not support (`line:`, `section:`,
// …) has its words searched as plain words, and the search's notice says so.
// Anything else with a colon (`12:30`, `http://x`, `note:x`) is plain text as
// before.
import type { SqlCondition } from '../query';
import { queryTokens, quotePhrase } from './fts-query';

/** Supported operators → the FTS5 columns they search (worker/db/migrations/0020_fts_links.ts). */
export const SEARCH_OPERATORS: Record<string, string> = {
  /** The note's file name (extension included) or its frontmatter `title`: any part of it, as Obsidian matches (file:.md, file:signment_2). */
  file: 'e.name e.title',
  /** The vault-relative path, folders and file name: any part of it (path:dailys/2022-01-1). */
  path: 'e.path',
  /** The note's text: its headings and body, not its title, tags or path. */
  content: '{headings body}',
};

/** Obsidian operators not supported: their words are searched as plain words. */
export const UNSUPPORTED_OPERATORS = ['line', 'section', 'block', 'task', 'task-todo', 'task-done', 'match-case', 'ignore-case'];

export interface TakenOperators {
  /** The query text with operators replaced by their words (negated ones removed). */
  text: string;
  /** The query text without the supported operators at all (what find and tasks look for beside them). */
  plain: string;
  /** One condition over `entries e` per supported operator. */
  conditions: SqlCondition[];
  /** Unsupported operators, as typed, with the words searched instead. */
  unsupported: { operator: string; words: string }[];
}

const OPERATOR = /^(-?)([a-z][a-z-]*):/i;

/** Takes Obsidian's search operators out of a query (see the file's head). */
export function takeOperators(text: string): TakenOperators {
  const out: TakenOperators = { text, plain: text, conditions: [], unsupported: [] };
  if (!text.includes(':')) return out;
  const kept: string[] = [];
  const plain: string[] = [];
  // `file:a OR file:b`: an OR between two operators joins their conditions, as in Obsidian. An OR
  // beside an operator is never left in the text: a lone OR would mean nothing there (the sides then both apply).
  let joinable: { cond: number; orAt?: number } | null = null;
  const dropOr = (at: number) => {
    kept[at] = '';
    plain[at] = '';
  };
  const addCondition = (c: SqlCondition, negated: boolean) => {
    // `word OR file:x`: the OR before the operator goes.
    const before = lastWord(kept);
    if (before >= 0 && kept[before] === 'OR' && joinable?.orAt === undefined) dropOr(before);
    if (!negated && joinable?.orAt !== undefined) {
      const prev = out.conditions[joinable.cond];
      out.conditions[joinable.cond] = { sql: `(${prev.sql} OR ${c.sql})`, params: [...prev.params, ...c.params] };
      joinable = { cond: joinable.cond };
      return;
    }
    out.conditions.push(c);
    joinable = negated ? null : { cond: out.conditions.length - 1 };
  };
  let i = 0;
  while (i < text.length) {
    if (/\s/.test(text[i])) {
      plain.push(text[i]);
      kept.push(text[i++]);
      continue;
    }
    // A quoted phrase is text, operators inside it included ("see file:x").
    const start = text[i] === '-' && text[i + 1] === '"' ? i + 1 : i;
    if (text[start] === '"') {
      const close = text.indexOf('"', start + 1);
      const end = close < 0 ? text.length : close + 1;
      kept.push(text.slice(i, end));
      plain.push(text.slice(i, end));
      joinable = null;
      i = end;
      continue;
    }
    const tokenStart = i;
    let end = i;
    while (end < text.length && !/\s/.test(text[end])) end++;
    const m = OPERATOR.exec(text.slice(i, end));
    const name = m?.[2].toLowerCase();
    const known = name !== undefined && (name in SEARCH_OPERATORS || UNSUPPORTED_OPERATORS.includes(name));
    if (!m || !known) {
      const word = text.slice(i, end);
      const afterOperator: boolean = word === 'OR' && joinable !== null && joinable.orAt === undefined;
      kept.push(word);
      plain.push(word);
      if (afterOperator) dropOr(kept.length - 1);
      joinable = afterOperator ? { cond: joinable!.cond, orAt: kept.length - 1 } : null;
      i = end;
      continue;
    }
    // The value: a quoted phrase (to its closing quote, spaces included, and a trailing *) or the rest of the token.
    const valueAt = i + m[0].length;
    let value: string;
    let quoted = false;
    if (text[valueAt] === '"' && text.indexOf('"', valueAt + 1) > valueAt) {
      const close = text.indexOf('"', valueAt + 1);
      value = text.slice(valueAt + 1, close);
      quoted = true;
      end = close + 1;
      if (text[end] === '*') end++;
    } else if (text[valueAt] === '(' && text.indexOf(')', valueAt + 1) > valueAt) {
      // Obsidian's group, file:(a b): every word of it.
      const close = text.indexOf(')', valueAt + 1);
      value = text.slice(valueAt + 1, close);
      end = close + 1;
    } else value = text.slice(valueAt, end);
    const prefix = /[\p{L}\p{N}\p{M}]"?\*+$/u.test(text.slice(valueAt, end));
    const bare = value.replace(/\*+$/, '');
    const negated = m[1] === '-';
    const words = quoted ? `"${bare}"${prefix ? '*' : ''}` : value;
    i = end;
    if (!bare.trim()) {
      kept.push(text.slice(tokenStart, end)); // `file:` alone: plain text, as before
      plain.push(text.slice(tokenStart, end));
      joinable = null;
      continue;
    }
    // A regular expression (path:/\d{4}-\d{2}/), which Obsidian supports and Kioku does not: said, not silently matched as text.
    const regex = !quoted && /^\/.+\/$/.test(bare);
    if (!(name in SEARCH_OPERATORS) || regex) {
      out.unsupported.push({ operator: regex ? `${name}:/…/ (a regular expression)` : `${name}:`, words: bare });
      kept.push(negated ? `-${words}` : words);
      plain.push(negated ? `-${words}` : words);
      joinable = null;
      continue;
    }
    if (name !== 'content') {
      // file: and path: match any part of the name or path, case aside, as Obsidian's do; `file:(a OR b)` either.
      // Their words are not kept in the text: a part of a name (signment_2, .md) is no word the text index holds.
      const chunks = quoted ? [[bare]] : bare.split(/\s+OR\s+/).map((alt) => alt.split(/\s+/));
      const alts = chunks.map((alt) => alt.map((n) => n.replace(/\*+$/, '')).filter((n) => n !== '' && n !== 'OR')).filter((alt) => alt.length);
      if (!alts.length) continue;
      const cols = SEARCH_OPERATORS[name].split(' ');
      const like = (n: string) => `%${n.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
      // lower() folds ASCII only: the needle as typed also matches names in that case (Été).
      const one = `(${cols.map((c) => `lower(${c}) LIKE ? ESCAPE '\\' OR ${c} LIKE ? ESCAPE '\\'`).join(' OR ')})`;
      const sql = alts.map((alt) => `(${alt.map(() => one).join(' AND ')})`).join(' OR ');
      const params = alts.flatMap((alt) => alt.flatMap((n) => cols.flatMap(() => [like(n.toLowerCase()), like(n)])));
      addCondition({ sql: negated ? `NOT (${sql})` : `(${sql})`, params }, negated);
      joinable = negated ? null : joinable;
      continue;
    }
    // A phrase as one; a word, or a group's words, each (all of them).
    const phrases = (quoted ? [bare] : bare.split(/\s+/)).flatMap((chunk, k, all) => {
      const { tokens, prefix: cjkPrefix } = queryTokens(chunk);
      return tokens.length ? [quotePhrase(tokens, (prefix && k === all.length - 1) || cjkPrefix)] : [];
    });
    if (!phrases.length) continue;
    const match = `${SEARCH_OPERATORS[name]} : ${phrases.length === 1 ? phrases[0] : `(${phrases.join(' AND ')})`}`;
    addCondition({ sql: `e.id ${negated ? 'NOT IN' : 'IN'} (SELECT rowid FROM fts WHERE fts MATCH ?)`, params: [match] }, negated);
    if (!negated) kept.push(words);
    // An operator's words pushed to kept alone: plain stays aligned with kept.
    if (!negated) plain.push('');
  }
  out.text = kept.join('').replace(/\s+/g, ' ').trim();
  out.plain = plain.join('').replace(/\s+/g, ' ').trim();
  return out;
}

/** The index of the last entry that is not blank. */
function lastWord(parts: string[]): number {
  for (let k = parts.length - 1; k >= 0; k--) if (parts[k].trim() !== '') return k;
  return -1;
}

/** The notice for unsupported operators: what was searched instead. */
export function unsupportedNotice(unsupported: TakenOperators['unsupported']): string {
  const ops = [...new Set(unsupported.map((u) => u.operator))].join(', ');
  const words = unsupported.map((u) => u.words).join(' ');
  return `Kioku does not support the search operator${unsupported.length > 1 ? 's' : ''} ${ops}; the words after it (${words}) were searched as plain words. Supported: file:, path:, content:, tag:.`;
}
