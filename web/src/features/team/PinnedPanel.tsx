// The Pinned-context panel: the team notes an agent gets without asking
// (pinned_context), the ones that did not fit the size limit, and a button
// that copies the whole bundle as Markdown.
import { useEffect, useState } from 'react';
import { call, isToolError } from '../../engine/client';
import { useI18n } from '../../i18n/i18n';

interface Pinned {
  bundle: string;
  notes: string[];
  left_out: { note: string; bytes: number }[];
  bytes: number;
  limit: number;
}

export function PinnedPanel({ refreshKey }: { refreshKey: number }) {
  const { t, formatNumber } = useI18n();
  const [pinned, setPinned] = useState<Pinned | null>(null);
  const [copied, setCopied] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void call('pinned_context', {}).then((r) => {
      if (live) setPinned(isToolError(r) ? null : r);
    });
    return () => {
      live = false;
    };
  }, [refreshKey]);
  if (!pinned) return null;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(pinned.bundle);
      setCopied(t('pinned.copied', { count: pinned.notes.length }));
    } catch (e) {
      setCopied(t('pinned.copyFailed', { error: (e as Error)?.message ?? String(e) }));
    }
  };
  return (
    <section className="team-panel pinned-panel" aria-labelledby="pinned-title" data-testid="pinned-panel">
      <h2 id="pinned-title">{t('pinned.title')}</h2>
      {pinned.notes.length ? (
        <>
          <p className="muted small-text">{t('pinned.size', { bytes: formatNumber(pinned.bytes), limit: formatNumber(pinned.limit) })}</p>
          <ul data-testid="pinned-notes">
            {pinned.notes.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
          <button type="button" className="secondary small" onClick={() => void copy()} data-testid="pinned-copy">
            {t('pinned.copy')}
          </button>
        </>
      ) : (
        <p className="muted small-text">{t('pinned.empty')}</p>
      )}
      {pinned.left_out.length ? (
        <div className="warn small-text" data-testid="pinned-left-out">
          {t('pinned.leftOut', { count: pinned.left_out.length })}
          <ul>
            {pinned.left_out.map((n) => (
              <li key={n.note}>{t('pinned.leftOutNote', { note: n.note, bytes: formatNumber(n.bytes) })}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {copied ? (
        <p className="notice small-text" role="status">
          {copied}
        </p>
      ) : null}
    </section>
  );
}
