// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { en } from '../i18n/en';
import { ja } from '../i18n/ja';
import { handOffOpeningShell, OPENING_TEXT, openingNote, openingShellShown, paintOpeningShell, setOpeningNote } from './opening-shell';

const box = () => document.querySelector<HTMLInputElement>('#opening-shell input')!;
const type = (input: HTMLInputElement, text: string) => {
  input.value = text;
  input.dispatchEvent(new Event('input', { bubbles: true }));
};

beforeEach(() => {
  document.body.innerHTML = '<div id="root"></div>';
  document.documentElement.removeAttribute('data-theme');
  localStorage.clear();
});

describe('opening shell', () => {
  it("shows the URL's query in a query box before the app's root, with a quiet opening line", () => {
    history.replaceState(null, '', '/?q=battering%20ram&mode=text');
    paintOpeningShell();
    expect(openingShellShown()).toBe(true);
    expect(box().value).toBe('battering ram');
    expect(box().getAttribute('aria-label')).toBe('Search');
    expect(document.querySelector('#opening-shell [role="status"]')!.textContent).toBe('Opening your notes…');
    expect(document.body.firstElementChild!.id).toBe('opening-shell');
    // Drawn once.
    paintOpeningShell();
    expect(document.querySelectorAll('#opening-shell')).toHaveLength(1);
  });

  it('says so when opening rebuilds the index of an earlier version, in the UI language', () => {
    history.replaceState(null, '', '/');
    paintOpeningShell();
    setOpeningNote('app.updatingIndex');
    expect(document.querySelector('#opening-shell [role="status"]')!.textContent).toBe(en['app.updatingIndex']);
    expect(openingNote()).toBe('app.updatingIndex');
    document.body.innerHTML = '<div id="root"></div>';
    localStorage.setItem('kioku.lang', 'ja');
    paintOpeningShell();
    setOpeningNote('app.updatingIndex');
    expect(document.querySelector('#opening-shell [role="status"]')!.textContent).toBe(ja['app.updatingIndex']);
  });

  it('puts what is typed into the URL at once, on the first page of the new query, leaving the rest', () => {
    history.replaceState(null, '', '/?q=siege&mode=text&page=3#x');
    paintOpeningShell();
    type(box(), 'siege engine');
    expect(location.search).toBe('?q=siege+engine&mode=text');
    expect(location.hash).toBe('#x');
    type(box(), '');
    expect(location.search).toBe('?mode=text');
  });

  it('is not drawn on the Tools page', () => {
    history.replaceState(null, '', '/?tools=search');
    paintOpeningShell();
    expect(openingShellShown()).toBe(false);
  });

  it("follows the UI language and theme the user chose", () => {
    history.replaceState(null, '', '/');
    localStorage.setItem('kioku.lang', 'ja');
    localStorage.setItem('kioku.theme', 'dark');
    paintOpeningShell();
    expect(box().placeholder).toBe('ノートを検索…');
    expect(document.documentElement.getAttribute('data-theme')).toBe('dark');
  });

  it("uses the dictionaries' words", () => {
    for (const [dict, words] of [
      [en, OPENING_TEXT.en],
      [ja, OPENING_TEXT.ja],
    ] as const) {
      for (const [key, word] of Object.entries(words)) expect(dict[key as keyof typeof dict]).toBe(word);
    }
  });

  it('hands a focused box, its focus and caret, to the app\'s query box', () => {
    history.replaceState(null, '', '/?q=ram');
    paintOpeningShell();
    type(box(), 'rams');
    box().focus();
    box().setSelectionRange(2, 2);
    const next = Object.assign(document.createElement('input'), { value: 'rams' });
    document.getElementById('root')!.append(next);
    handOffOpeningShell(next);
    expect(openingShellShown()).toBe(false);
    expect(document.activeElement).toBe(next);
    expect([next.selectionStart, next.selectionEnd]).toEqual([2, 2]);
  });

  it('takes no focus it did not have', () => {
    history.replaceState(null, '', '/');
    paintOpeningShell();
    const next = document.createElement('input');
    document.getElementById('root')!.append(next);
    handOffOpeningShell(next);
    expect(openingShellShown()).toBe(false);
    expect(document.activeElement).not.toBe(next);
  });
});
