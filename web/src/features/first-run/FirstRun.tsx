import { useI18n } from '../../i18n/i18n';
import './first-run.css';

/** The empty state: what Kioku does, a sample vault to try it at once, and how to bring one's own notes. */
export function FirstRun({ onSample, busy }: { onSample(): void; busy: boolean }) {
  const { t } = useI18n();
  return (
    <section className="first-run" aria-labelledby="first-run-title">
      <h2 id="first-run-title">{t('firstRun.title')}</h2>
      <p>{t('firstRun.body')}</p>
      <ul className="first-run-points">
        <li>{t('firstRun.point.text')}</li>
        <li>{t('firstRun.point.fields')}</li>
        <li>{t('firstRun.point.meaning')}</li>
      </ul>
      <button type="button" onClick={onSample} disabled={busy}>
        {t('import.sample')}
      </button>
      <p className="muted first-run-own">{t('firstRun.own')}</p>
    </section>
  );
}
