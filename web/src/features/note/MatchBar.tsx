// Where the reader is among the search's words marked in a note: "3 of 12",
// previous and next, as a browser's find bar. n and Shift+N move too, unless
// a text field has the keys (or a dialog is open).
import { useEffect } from 'react';
import { useI18n } from '../../i18n/i18n';
import { isEditable } from '../../ui/editable';
import type { MarkWalk } from './use-query-marks';

export function MatchBar({ walk }: { walk: MarkWalk }) {
  const { t } = useI18n();
  const { total, current, step } = walk;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.key !== 'n' && e.key !== 'N') || e.ctrlKey || e.metaKey || e.altKey || e.isComposing || e.defaultPrevented) return;
      if (isEditable(document.activeElement) || document.querySelector('dialog[open]')) return;
      e.preventDefault();
      step(e.shiftKey ? -1 : 1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [step]);
  return (
    <div className="match-bar" role="group" aria-label={t('note.matches.label')} data-testid="match-bar">
      <span className="match-count" aria-live="polite" data-testid="match-count">
        {t('note.matches.count', { current: current + 1, total })}
      </span>
      <button type="button" className="secondary small" onClick={() => step(-1)} aria-label={t('note.matches.previous')} title={t('note.matches.previous')} aria-keyshortcuts="Shift+N">
        ↑
      </button>
      <button type="button" className="secondary small" onClick={() => step(1)} aria-label={t('note.matches.next')} title={t('note.matches.next')} aria-keyshortcuts="N">
        ↓
      </button>
    </div>
  );
}
