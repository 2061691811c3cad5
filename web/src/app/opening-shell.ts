// The page as it first paints (issue 16, first result after load): the top
// bar with the query box, holding the URL's query, and a quiet "opening"
// line, drawn with plain DOM by the page's first module (main.tsx) before
// React's code has even loaded, so the user sees the page and can type while
// the engine opens. What is typed goes into the URL at once (the URL is the
// search state, state/url-state.ts), so the app's own shell, which replaces
// this one when the engine is open (App.tsx: handOffOpeningShell), starts from
// it; a focused box hands its focus and caret over too.
import { decodeState, encodeState } from '../state/url-state';

const ID = 'opening-shell';
const THEME_KEY = 'kioku.theme'; // as theme.ts
const LANG_KEY = 'kioku.lang'; // as i18n.tsx

/** The few words this shell shows, by UI language: the same as the dictionaries' (checked by opening-shell.test.ts). */
export const OPENING_TEXT = {
  en: { 'app.title': 'Kioku', 'app.opening': 'Opening your notes…', 'app.updatingIndex': 'Updating the search index for this version of Kioku (once; up to a minute for a very large vault)…', 'search.placeholder': 'Search notes…', 'search.label': 'Search' },
  ja: { 'app.title': 'Kioku', 'app.opening': 'ノートを開いています…', 'app.updatingIndex': 'この版の Kioku に合わせて検索索引を更新しています（一度だけ。非常に大きなボールトでは 1 分ほどかかります）…', 'search.placeholder': 'ノートを検索…', 'search.label': '検索' },
} as const;

/** The UI language, chosen as i18n.tsx's initialLang does (without loading the dictionaries). */
function lang(): 'en' | 'ja' {
  const saved = localStorage.getItem(LANG_KEY);
  if (saved === 'en' || saved === 'ja') return saved;
  const langs = navigator.languages ?? [navigator.language];
  return langs.some((l) => l?.toLowerCase().startsWith('ja')) ? 'ja' : 'en';
}

/**
 * Draws the opening shell before the app's root (not inside it: React owns the root). Not on the
 * Tools page (`?tools=…`, features/tools/tools-route.ts), which is not a search page.
 */
export function paintOpeningShell(doc: Document = document): void {
  if (doc.getElementById(ID) || new URLSearchParams(doc.location.search).has('tools')) return;
  const theme = localStorage.getItem(THEME_KEY);
  if (theme === 'light' || theme === 'dark') doc.documentElement.setAttribute('data-theme', theme);
  const text = OPENING_TEXT[lang()];
  const el = (tag: string, attrs: Record<string, string> = {}, ...children: (Node | string)[]): HTMLElement => {
    const node = doc.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
    node.append(...children);
    return node;
  };
  const input = el('input', { type: 'search', class: 'search-input', placeholder: text['search.placeholder'], 'aria-label': text['search.label'], autocomplete: 'off', spellcheck: 'false', enterkeyhint: 'search' }) as HTMLInputElement;
  input.value = decodeState(doc.location.search).q;
  // The URL holds what is typed at once; the query changed, the search starts again on its first page.
  input.addEventListener('input', () => {
    const s = decodeState(doc.location.search);
    if (s.q === input.value) return;
    const query = encodeState({ ...s, q: input.value, page: 1 });
    history.replaceState(history.state, '', `${doc.location.pathname}${query ? `?${query}` : ''}${doc.location.hash}`);
  });
  const brand = el('a', { class: 'brand', href: './' }, el('span', { 'aria-hidden': 'true' }, '記'), ` ${text['app.title']}`);
  const main = el('main', { class: 'content', 'aria-busy': 'true' }, el('p', { class: 'muted', role: 'status' }, text['app.opening']));
  const header = el('header', { class: 'topbar' }, el('h1', { class: 'brand-h1' }, brand), el('div', { class: 'search-box' }, input));
  const shell = el('div', { id: ID, class: 'app opening-shell', 'data-testid': 'app-opening' }, header, main);
  doc.body.insertBefore(shell, doc.getElementById('root'));
}

/**
 * What opening is doing, when it is more than opening: the engine rebuilds a
 * database of an earlier version's index once (worker/ingest/derivation.ts),
 * which takes seconds on a large vault. The shell's line says so; the app's
 * own opening state reads it too.
 */
let note: 'app.opening' | 'app.updatingIndex' = 'app.opening';

export function setOpeningNote(key: 'app.updatingIndex', doc: Document = document): void {
  note = key;
  const line = doc.querySelector(`#${ID} [role=status]`);
  if (line) line.textContent = OPENING_TEXT[lang()][key];
}

/** The opening line's dictionary key: 'app.opening', or what opening is doing instead. */
export function openingNote(): 'app.opening' | 'app.updatingIndex' {
  return note;
}

/** Whether the opening shell is on the page. */
export function openingShellShown(doc: Document = document): boolean {
  return doc.getElementById(ID) !== null;
}

/**
 * Removes the opening shell once the app has drawn its own (or an error, or the second-tab notice);
 * the query box that had the focus gives it, with its caret, to `next` (the app's query box), if any.
 */
export function handOffOpeningShell(next: HTMLInputElement | null, doc: Document = document): void {
  const shell = doc.getElementById(ID);
  if (!shell) return;
  const input = shell.querySelector('input');
  const focused = input !== null && doc.activeElement === input;
  const caret = [input?.selectionStart ?? null, input?.selectionEnd ?? null] as const;
  shell.remove();
  if (!focused || !next) return;
  next.focus();
  if (caret[0] !== null && caret[1] !== null && next.value === input!.value) next.setSelectionRange(caret[0], caret[1]);
}
