// What the results area shows before a search: the most used tags (one click
// filters by them) and how to search.
import { useEffect, useState } from 'react';
import { useCapabilities } from '../../engine/capabilities';
import { call, isToolError } from '../../engine/client';
import { useI18n } from '../../i18n/i18n';

export function StartPanel({ vault, refreshKey, onTag }: { vault: string | null; refreshKey: number; onTag(tag: string): void }) {
  const { t, formatNumber } = useI18n();
  const caps = useCapabilities();
  const [tags, setTags] = useState<{ tag: string; count: number }[]>([]);
  useEffect(() => {
    if (!caps.tags) return;
    let live = true;
    void call('tags', { limit: 30, ...(vault ? { vault } : {}) }).then((r) => {
      if (live && !isToolError(r)) setTags(r.tags);
    });
    return () => {
      live = false;
    };
  }, [caps.tags, vault, refreshKey]);
  return (
    <div className="start-panel">
      <h2>{t('start.title')}</h2>
      <ul className="tips">
        <li>{t('start.tip.words')}</li>
        <li>{t('start.tip.phrase')}</li>
        <li>{t('start.tip.tag')}</li>
        <li>{t('start.tip.keys')}</li>
      </ul>
      {tags.length ? (
        <>
          <h3>{t('start.tags')}</h3>
          <div className="tag-cloud">
            {tags.map((x) => (
              <button key={x.tag} type="button" className="tag" onClick={() => (caps.filters ? onTag(x.tag) : undefined)} disabled={!caps.filters} aria-label={t('tag.addFilter', { tag: x.tag })}>
                #{x.tag} <span className="muted">{formatNumber(x.count)}</span>
              </button>
            ))}
          </div>
        </>
      ) : null}
    </div>
  );
}
