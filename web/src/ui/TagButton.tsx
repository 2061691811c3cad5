// A tag anywhere in the app: clicking it filters by it.
import { useI18n } from '../i18n/i18n';

export function TagButton({ tag, onTag, count }: { tag: string; onTag(tag: string): void; count?: string }) {
  const { t } = useI18n();
  return (
    <button type="button" className="tag" onClick={() => onTag(tag)} aria-label={t('tag.addFilter', { tag })}>
      #{tag}
      {count !== undefined ? <span className="muted"> {count}</span> : null}
    </button>
  );
}
