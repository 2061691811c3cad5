import { useI18n } from '../../i18n/i18n';

export function FirstRun({ onSample, busy }: { onSample(): void; busy: boolean }) {
  const { t } = useI18n();
  return (
    <section className="first-run" aria-labelledby="first-run-title">
      <h2 id="first-run-title">{t('firstRun.title')}</h2>
      <p>{t('firstRun.body')}</p>
      <button type="button" onClick={onSample} disabled={busy}>
        {t('import.sample')}
      </button>
    </section>
  );
}
