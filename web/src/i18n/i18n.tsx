// UI language: follows the browser unless the user picked one; the choice is
// remembered in localStorage.
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { en, type MessageKey } from './en';
import { ja } from './ja';
import { teamEn } from './team.en';
import { teamJa } from './team.ja';
import { tasksEn } from './tasks.en';
import { tasksJa } from './tasks.ja';
import { embedEn } from './embed.en';
import { embedJa } from './embed.ja';

export type Lang = 'en' | 'ja';
/** Every UI key: the main dictionaries and the team-space UI's own (team.en.ts / team.ja.ts). */
export type UiKey = MessageKey | keyof typeof teamEn | keyof typeof tasksEn | keyof typeof embedEn;
const DICTS: Record<Lang, Record<UiKey, string>> = { en: { ...en, ...teamEn, ...tasksEn, ...embedEn }, ja: { ...ja, ...teamJa, ...tasksJa, ...embedJa } };
const STORAGE_KEY = 'kioku.lang';

export function initialLang(): Lang {
  const saved = typeof localStorage !== 'undefined' ? localStorage.getItem(STORAGE_KEY) : null;
  if (saved === 'en' || saved === 'ja') return saved;
  const langs = typeof navigator !== 'undefined' ? navigator.languages ?? [navigator.language] : [];
  return langs.some((l) => l?.toLowerCase().startsWith('ja')) ? 'ja' : 'en';
}

export type Translate = (key: UiKey, vars?: Record<string, string | number>) => string;

interface I18n {
  lang: Lang;
  setLang(l: Lang): void;
  t: Translate;
  formatNumber(n: number): string;
  formatDate(d: Date | string | number): string;
}

const Ctx = createContext<I18n | null>(null);

/** "1 result" vs "2 results": a key + '.one' is used when its count (or total) is exactly 1. */
function pick(dict: Record<string, string>, key: string, vars?: Record<string, string | number>): string {
  const n = vars?.count ?? vars?.total;
  if (n === 1 && dict[`${key}.one`] !== undefined) return dict[`${key}.one`];
  return dict[key];
}

export function I18nProvider({ children }: { children: ReactNode }) {
  const [lang, setLangState] = useState<Lang>(initialLang);
  const setLang = useCallback((l: Lang) => {
    localStorage.setItem(STORAGE_KEY, l);
    document.documentElement.lang = l;
    setLangState(l);
  }, []);
  const value = useMemo<I18n>(() => {
    const nf = new Intl.NumberFormat(lang);
    const df = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' });
    return {
      lang,
      setLang,
      t: (key, vars) =>
        pick(DICTS[lang], key, vars).replace(/\{(\w+)\}/g, (_, k: string) => {
          const v = vars?.[k];
          return v === undefined ? `{${k}}` : typeof v === 'number' ? nf.format(v) : v;
        }),
      formatNumber: (n) => nf.format(n),
      formatDate: (d) => df.format(new Date(d)),
    };
  }, [lang, setLang]);
  document.documentElement.lang = lang;
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export function useI18n(): I18n {
  const v = useContext(Ctx);
  if (!v) throw new Error('useI18n outside I18nProvider');
  return v;
}
