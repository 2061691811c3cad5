// The results side of the app: filters, the Results/Table/Tasks switch, and what the
// current search found (or why it found nothing).
import { useCallback, useEffect, useImperativeHandle, useState, type Ref } from 'react';
import { useCapabilities } from '../../engine/capabilities';
import { call, isToolError } from '../../engine/client';
import type { Hit, SearchResponse } from '../../engine/shapes';
import type { EmbedStatus } from '../../engine/client';
import { useI18n } from '../../i18n/i18n';
import type { UpdateState } from '../../state/use-search-state';
import type { Filter, SearchState } from '../../state/url-state';
import { FilterBar } from '../filters/FilterBar';
import { addTag } from '../filters/filter-model';
import { TableView } from '../table/TableView';
import { TasksView } from '../tasks/TasksView';
import { EmptyState } from './EmptyState';
import { Pager } from './Pager';
import { ResultList } from './ResultList';
import { isItemHit } from './ItemHitRow';
import type { ItemHit } from '../../../../worker/contract';
import { hasSearch, PAGE_SIZE, searchArgs, textFirst } from './search-args';
import type { SemanticWarm } from './use-semantic-warm';
import { StartPanel } from './StartPanel';
import { useLatest } from './use-latest';
import { usePageTurn } from './use-page-turn';
import type { ToolErrorResult } from '../../engine/client';
import { EngineMessage } from '../../ui/EngineMessage';
import { ValidTimeControls } from './ValidTimeControls';

export interface ResultNav {
  move(delta: number): void;
  openActive(): void;
}

interface Props {
  state: SearchState;
  update: UpdateState;
  refreshKey: number;
  navRef: Ref<ResultNav>;
  onRanMode(mode: string | null): void;
  embed: EmbedStatus | null;
  warm: SemanticWarm;
}

type Outcome = { ok: true; r: SearchResponse } | { ok: false; e: ToolErrorResult['error'] };

export function SearchPane({ state, update, refreshKey, navRef, onRanMode, embed, warm }: Props) {
  const { t, formatNumber } = useI18n();
  const caps = useCapabilities();
  // The hit the arrow keys chose, by id: kept when the same query's results come again (hybrid merging in, a refresh).
  const [activeId, setActiveId] = useState<string | null>(null);
  const args = searchArgs(state, caps);
  const key = hasSearch(state, caps) && state.view === 'results' ? `${JSON.stringify(args)}#${refreshKey}` : null;
  // While the search by meaning waits for the model, the same search by text answers first (asked first,
  // so it is not queued behind the model load). Auto mode ranks by text until the model is ready, then runs again.
  const first = key ? textFirst(state, caps, embed, warm) : null;
  const mainKey = key && caps.modes && state.mode === 'auto' ? `${key}#${warm.ready ? 'meaning' : 'text'}` : key;
  const textKey = key ? `${key}#text-first` : null;
  const [textShown, setTextShown] = useState<string | null>(null);
  // Kept until the search by meaning answers, also once the model is ready and that search is under way.
  const quickKey = first === 'both' || (textKey !== null && textShown === textKey) ? textKey : null;
  const quick = useLatest<Outcome>(quickKey, async () => {
    const r = await call('search', { ...args, mode: 'text' });
    return isToolError(r) ? { ok: false, e: r.error } : { ok: true, r };
  });
  const res = useLatest<Outcome>(mainKey, async () => {
    const r = await call('search', args);
    return isToolError(r) ? { ok: false, e: r.error } : { ok: true, r };
  });
  const early = res.key !== mainKey && quickKey && quick.key === quickKey && quick.data?.ok ? quick.data : null;
  const earlyKey = early ? quick.key : null;
  useEffect(() => setTextShown(earlyKey), [earlyKey]);
  const out = early ?? res.data;
  const answeredByText = out?.ok === true && out.r.mode === 'text';
  const adding = !!early || (answeredByText && (first === 'wait' || (res.key === `${key}#text` && mainKey !== res.key)));
  const hits = out?.ok ? out.r.results : [];

  const active = activeId === null ? -1 : hits.findIndex((h) => String(h.id) === activeId);
  const query = key === null ? null : JSON.stringify(args);
  // Dimmed only while the hits shown answer an earlier query. The same query answered again (by meaning once the
  // model is in, or after a re-sync) stays at full contrast: those hits are still right for what was typed.
  const stale = res.loading && !early && res.key !== null && query !== null && !res.key.startsWith(`${query}#`);
  useEffect(() => setActiveId(null), [query]);
  const current = query !== null && ((!!early && quick.key?.startsWith(`${query}#`)) || !!res.key?.startsWith(`${query}#`));
  const pageTurn = usePageTurn<HTMLDivElement>(state.page, current, '.hit-title');
  useEffect(() => onRanMode(out?.ok ? out.r.mode : null), [out, onRanMode]);

  // A hit opens its note with the query's words marked (NoteView); a note opened any other way shows none.
  // An observation or relation hit opens its note at its line.
  const openNote = useCallback(
    (vault: string, path: string, line?: number) => update({ note: { vault, path, fromSearch: true, ...(line ? { line } : {}) } }),
    [update],
  );
  const open = useCallback((h: Hit | ItemHit) => openNote(h.vault, h.path, isItemHit(h) ? h.line : undefined), [openNote]);
  useImperativeHandle(
    navRef,
    () => ({
      move: (d) => setActiveId(hits.length ? String(hits[Math.max(0, Math.min(hits.length - 1, active + d))].id) : null),
      openActive: () => {
        const h = hits[active >= 0 ? active : 0];
        if (h) open(h);
      },
    }),
    [hits, active, open],
  );

  const onTag = (tag: string) => update({ filter: addTag(state.filter, tag) });
  const setFilter = useCallback((f: Filter | null, typing?: boolean) => update({ filter: f }, { replace: !!typing }), [update]);
  const openId = state.note ? `${state.note.vault}:${state.note.path}` : null;

  return (
    <section className="search-pane" aria-label={t('search.label')} aria-busy={res.loading ? true : undefined} data-stale={stale || undefined}>
      <FilterBar
        filter={state.filter}
        vault={state.vault}
        prefix={state.prefix}
        links={state.links}
        refreshKey={refreshKey}
        onFilter={setFilter}
        onClearVault={() => update({ vault: null, prefix: null })}
        onClearPrefix={() => update({ prefix: null })}
        onClearLinks={() => update({ links: null })}
      />
      <ValidTimeControls entity={state.entity} asOf={state.asOf} onEntity={(entity) => update({ entity })} onAsOf={(asOf) => update({ asOf })} />
      <div className="view-tabs">
        <div role="tablist" aria-label={t('view.label')} className="tabs">
          <button type="button" role="tab" aria-selected={state.view === 'results'} onClick={() => update({ view: 'results' })}>
            {t('view.results')}
          </button>
          <button type="button" role="tab" aria-selected={state.view === 'table'} onClick={() => update({ view: 'table' })} disabled={!caps.find} title={caps.find ? undefined : t('table.unavailable')}>
            {t('view.table')}
          </button>
          <button
            type="button"
            role="tab"
            aria-selected={state.view === 'tasks'}
            onClick={() => update({ view: 'tasks' })}
            disabled={!caps.tools.has('tasks')}
            title={caps.tools.has('tasks') ? undefined : t('tasks.unavailable')}
          >
            {t('tasks.tab')}
          </button>
        </div>
        {state.view === 'results' && out?.ok && key ? (
          <span className="result-count" role="status" data-testid="result-count">
            {t(out.r.total_is_exact ? 'search.results' : 'search.resultsAbout', { total: out.r.total })}
            <span className="muted"> · {t('search.took', { ms: formatNumber(out.r.elapsed_ms) })}</span>
            {adding ? (
              <span className="muted" data-testid="adding-by-meaning">
                {' '}
                · {t('search.addingByMeaning')}
              </span>
            ) : res.loading ? (
              <span className="muted"> · {t('search.updating')}</span>
            ) : null}
          </span>
        ) : null}
      </div>
      {state.view === 'table' ? (
        <TableView state={state} update={update} refreshKey={refreshKey} />
      ) : state.view === 'tasks' ? (
        <TasksView state={state} update={update} refreshKey={refreshKey} />
      ) : !key ? (
        <StartPanel vault={state.vault} refreshKey={refreshKey} onTag={onTag} />
      ) : out && !out.ok ? (
        <div className="error-box" role="alert" data-testid="search-error">
          <p>
            <EngineMessage kind="engineError" code={out.e.code} message={out.e.message} />
          </p>
          {out.e.path ? <p className="muted">{t('search.errorPath', { path: out.e.path })}</p> : null}
        </div>
      ) : out?.ok ? (
        <div ref={pageTurn.top} className="page-top">
          {out.r.relaxed ? (
            <p className="notice" data-testid="relaxed">
              {t('search.relaxed')}
            </p>
          ) : null}
          {out.r.mode !== 'text' && out.r.embeddings && !out.r.embeddings.complete ? (
            <p className="notice" data-testid="partial-embeddings">
              {t('search.partialEmbeddings')}
            </p>
          ) : null}
          {/* Incomplete embeddings are said above in the UI's words; other notices come from the engine. */}
          {out.r.notice && !(out.r.notice_code === 'embeddings_incomplete' && out.r.embeddings && !out.r.embeddings.complete) ? (
            <p className="notice" data-testid="search-notice">
              <EngineMessage kind="notice" code={out.r.notice_code} message={out.r.notice} />
            </p>
          ) : null}
          {out.r.results.length === 0 ? (
            <EmptyState state={state} onState={(p) => update(p)} didYouMean={out.r.did_you_mean} />
          ) : (
            <ResultList
              hits={out.r.results}
              active={active}
              badgeFields={state.cols ?? []}
              openId={openId}
              openLine={state.note?.line ?? null}
              onOpen={open}
              onOpenNote={openNote}
              onTag={onTag}
            />
          )}
          <Pager
            page={state.page}
            pageSize={PAGE_SIZE}
            total={out.r.total}
            hasMore={out.r.has_more}
            exact={out.r.total_is_exact}
            onPage={(p) => {
              pageTurn.turn(p);
              update({ page: p });
            }}
          />
        </div>
      ) : (
        <p className="muted" aria-busy="true">
          {t('search.searching')}
        </p>
      )}
    </section>
  );
}
