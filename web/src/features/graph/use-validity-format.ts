// Dates of valid time in the reader's language: calendar dates as dates (in
// UTC, so 2026-07-27 never shows as the 26th west of Greenwich), instants
// with their time of day in local time.
import { useMemo } from 'react';
import { useI18n } from '../../i18n/i18n';
import { validityText, type Validity } from './validity';

export function useValidityText(): (v: Validity) => string {
  const { lang, t } = useI18n();
  return useMemo(() => {
    const day = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' });
    const moment = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' });
    const fmt = (ms: number, axis: 'date' | 'instant') => (axis === 'date' ? day : moment).format(new Date(ms));
    const words = { from: t('validity.from', { date: '{date}' }), until: t('validity.until', { date: '{date}' }), empty: t('validity.empty') };
    return (v: Validity) => validityText(v, fmt, words);
  }, [lang, t]);
}
