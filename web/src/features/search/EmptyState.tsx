// Why there are no results, and the one click that fixes it: nothing imported
// yet, no match for the words, or filters/scope too narrow (each with the
// number of results its removal would give).
import { useEffect, useState } from 'react';
import { useCapabilities } from '../../engine/capabilities';
import { call, isToolError } from '../../engine/client';
import { useI18n } from '../../i18n/i18n';
import type { SearchState } from '../../state/url-state';
import { conditionsOf, removeCondition } from '../filters/filter-model';
import { conditionText } from '../filters/condition-text';
import { searchArgs } from './search-args';
import { tagTokensOf } from './query-tags';
import type { SearchResult } from '../../../../worker/contract';

interface Relaxation {
  label: string;
  patch: Partial<SearchState>;
  total: number | null;
}

export function EmptyState({ state, onState, didYouMean }: { state: SearchState; onState(p: Partial<SearchState>): void; didYouMean?: SearchResult['did_you_mean'] }) {
  const { t } = useI18n();
  const caps = useCapabilities();
  const [options, setOptions] = useState<Relaxation[]>([]);

  useEffect(() => {
    let live = true;
    const list: Relaxation[] = [];
    for (const c of conditionsOf(state.filter)) {
      list.push({ label: t('empty.removeFilter', { filter: conditionText(c, t) }), patch: { filter: removeCondition(state.filter, c) }, total: null });
    }
    // tag: in the query is a filter too.
    for (const tag of tagTokensOf(state.q)) list.push({ label: t('empty.removeTag', { tag: tag.token }), patch: { q: tag.without }, total: null });
    if (state.prefix) list.push({ label: t('empty.allFolders'), patch: { prefix: null }, total: null });
    if (state.links) list.push({ label: t('empty.allLinks'), patch: { links: null }, total: null });
    if (state.vault) list.push({ label: t('empty.allVaults'), patch: { vault: null, prefix: null }, total: null });
    setOptions(list);
    // How many results each relaxation would give: the user sees which filter is the narrow one.
    void Promise.all(
      list.map(async (o) => {
        const next = { ...state, ...o.patch, page: 1 };
        if (!next.q.trim() && !next.filter) return null;
        const r = await call('search', { ...searchArgs(next, caps), page_size: 1 });
        return isToolError(r) ? null : r.total;
      }),
    ).then((totals) => {
      if (live) setOptions(list.map((o, i) => ({ ...o, total: totals[i] })));
    });
    return () => {
      live = false;
    };
  }, [state, caps, t]);

  const narrowed = options.length > 0;
  return (
    <div className="empty" data-testid="empty-state">
      <h2>{narrowed ? t('empty.narrowTitle') : t('empty.noMatchTitle')}</h2>
      <p>{state.q.trim() ? t('empty.noMatch', { query: state.q.trim() }) : t('empty.noMatchFilters')}</p>
      {didYouMean ? (
        <p data-testid="did-you-mean">
          {t('empty.didYouMean')}{' '}
          <button type="button" className="secondary" data-testid="did-you-mean-query" onClick={() => onState({ q: didYouMean.query, page: 1 })}>
            {didYouMean.query}
          </button>
        </p>
      ) : null}
      {narrowed ? (
        <ul className="relaxations">
          {options.map((o) => (
            <li key={o.label}>
              <button type="button" className="secondary" onClick={() => onState(o.patch)}>
                {o.label}
                {o.total !== null ? <span className="muted"> — {t('empty.wouldGive', { count: o.total })}</span> : null}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="hint">{t('empty.tips')}</p>
      )}
    </div>
  );
}
