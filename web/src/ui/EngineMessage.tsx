// The engine writes its error and problem messages in English (they go to the
// CLI and to agents too). In the Japanese UI a Japanese sentence for the code
// comes first, so the reader knows what happened; the engine's detail, which
// names the argument, line or file, follows as written.
import { useI18n } from '../i18n/i18n';
import { en, type MessageKey } from '../i18n/en';

/** Notices whose English text names the query's own words: the translation alone would lose them. */
const NOTICES_NAMING_WORDS = new Set(['query_operator_unsupported', 'query_contradiction', 'filter_key_unknown']);

export function EngineMessage({ kind, code, message }: { kind: 'engineError' | 'problem' | 'notice'; code?: string; message: string }) {
  const { lang, t } = useI18n();
  const key = `${kind}.${code}` as MessageKey;
  // A code this UI does not know (a newer engine) shows the detail alone.
  if (lang === 'en' || !code || !(key in en)) return <>{message}</>;
  // A notice's sentence says all of it, unless the engine's names the words the query asked
  // (which operator, which word): those keep the detail, as errors and problems do.
  if (kind === 'notice' && !NOTICES_NAMING_WORDS.has(code)) return <>{t(key)}</>;
  return (
    <>
      <span className="engine-lead">{t(key)}</span>{' '}
      <span lang="en" className="engine-detail">
        {message}
      </span>
    </>
  );
}

/** The same as plain text, for places that show a string (notices, status lines). */
export function useEngineText(): (kind: 'engineError' | 'problem', code: string | undefined, message: string) => string {
  const { lang, t } = useI18n();
  return (kind, code, message) => {
    const key = `${kind}.${code}` as MessageKey;
    return lang === 'en' || !code || !(key in en) ? message : `${t(key)} ${message}`;
  };
}
