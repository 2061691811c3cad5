import { useI18n } from '../../i18n/i18n';

interface Props {
  page: number;
  pageSize: number;
  total: number;
  hasMore: boolean;
  exact: boolean;
  onPage(p: number): void;
}

export function Pager({ page, pageSize, total, hasMore, exact, onPage }: Props) {
  const { t } = useI18n();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (page === 1 && !hasMore) return null;
  return (
    <nav className="pager" aria-label={t('pager.label')}>
      <button type="button" className="secondary small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        ← {t('pager.prev')}
      </button>
      <span>{exact ? t('pager.pageOf', { page, pages }) : t('pager.page', { page })}</span>
      <button type="button" className="secondary small" disabled={!hasMore} onClick={() => onPage(page + 1)}>
        {t('pager.next')} →
      </button>
    </nav>
  );
}
