// Matching notes as a table (the find tool): chosen frontmatter fields as
// columns with typed values, sortable by any column, exportable as CSV.
import { useState } from 'react';
import { useCapabilities } from '../../engine/capabilities';
import { call, isToolError, type ToolErrorResult } from '../../engine/client';
import type { FindResponse, FindRow } from '../../engine/shapes';
import { useFields } from '../filters/use-fields';
import { FILE_FIELDS } from '../../../../worker/contract';
import { useI18n } from '../../i18n/i18n';
import type { UpdateState } from '../../state/use-search-state';
import type { SearchState } from '../../state/url-state';
import { download, today } from '../../ui/download';
import { useLatest } from '../search/use-latest';
import { usePageTurn } from '../search/use-page-turn';
import { useDetailsDismiss } from '../../ui/use-details-dismiss';
import { toCsv } from './csv';
import { findArgs, tableColumns } from './find-args';
import { EngineMessage } from '../../ui/EngineMessage';
import { useEngineText } from '../../ui/EngineMessage';

const TABLE_PAGE = 50;
const EXPORT_PAGE = 100;
const EXPORT_MAX = 100_000;

type Outcome = { ok: true; r: FindResponse } | { ok: false; e: ToolErrorResult['error'] };

function Cell({ v }: { v: unknown }) {
  const { formatNumber, t } = useI18n();
  if (v === null || v === undefined) return <span className="muted" aria-label={t('table.missing')}>—</span>;
  if (typeof v === 'number') return <span className="num">{formatNumber(v)}</span>;
  if (typeof v === 'boolean') return <span>{v ? t('table.true') : t('table.false')}</span>;
  if (Array.isArray(v)) return <span>{v.map((x) => (typeof x === 'object' ? JSON.stringify(x) : String(x))).join(', ')}</span>;
  if (typeof v === 'object') return <code>{JSON.stringify(v)}</code>;
  return <span>{String(v)}</span>;
}

export function TableView({ state, update, refreshKey }: { state: SearchState; update: UpdateState; refreshKey: number }) {
  const { t, formatNumber } = useI18n();
  const listed = useFields(state.vault, refreshKey);
  const fields = listed ?? [];
  const caps = useCapabilities();
  const [exporting, setExporting] = useState<string | null>(null);
  const engineText = useEngineText();
  const findParams = caps.tools.get('find');
  const base = findArgs(state, (p) => !!findParams?.has(p));
  const cols = tableColumns(state);
  // A folder scope the table cannot apply is said, never silently dropped.
  const prefixIgnored = !!state.prefix && !findParams?.has('path_prefix');
  const args = { ...base, page: state.page, page_size: TABLE_PAGE };
  const findKey = caps.find ? `${JSON.stringify(args)}#${refreshKey}` : null;
  const res = useLatest<Outcome>(findKey, async () => {
    const r = await call('find', args);
    return isToolError(r) ? { ok: false, e: r.error } : { ok: true, r };
  });
  const out = res.data;
  const pageTurn = usePageTurn<HTMLDivElement>(state.page, res.key === findKey, 'tbody a');
  const turnTo = (page: number) => {
    pageTurn.turn(page);
    update({ page });
  };
  const picker = useDetailsDismiss();

  const sortBy = (field: string) => {
    const cur = state.sort?.field === field ? state.sort.order : null;
    update({ sort: cur === null ? { field, order: 'asc' } : cur === 'asc' ? { field, order: 'desc' } : null });
  };
  // Picking starts from the columns shown, the filter's own included.
  const toggleCol = (key: string) => update({ cols: cols.includes(key) ? cols.filter((c) => c !== key) : [...cols, key] });

  const exportCsv = async () => {
    const rows: FindRow[] = [];
    for (let page = 1; rows.length < EXPORT_MAX; page++) {
      setExporting(t('table.exporting', { count: rows.length }));
      const r = await call('find', { ...base, page, page_size: EXPORT_PAGE });
      if (isToolError(r)) {
        setExporting(engineText('engineError', r.error.code, r.error.message));
        return;
      }
      rows.push(...r.results);
      if (!r.has_more) break;
    }
    const header = ['vault', 'path', 'title', ...cols];
    const csv = toCsv(header, rows.map((r) => [r.vault ?? state.vault ?? '', r.path, r.title, ...cols.map((c) => r.fields?.[c] ?? null)]));
    download(`kioku-${today()}.csv`, csv, 'text/csv;charset=utf-8');
    setExporting(null);
  };

  const sortMark = (field: string) => (state.sort?.field === field ? (state.sort.order === 'asc' ? ' ▲' : ' ▼') : '');
  const ariaSort = (field: string) => (state.sort?.field === field ? (state.sort.order === 'asc' ? 'ascending' : 'descending') : 'none');

  return (
    <div className="table-view" ref={pageTurn.top}>
      <div className="table-tools">
        <details className="column-picker" ref={picker}>
          <summary>{t('table.columns', { count: cols.length })}</summary>
          {/* One popover for both groups, so neither lies over the other. */}
          <div className="column-popover">
            <fieldset>
              <legend className="visually-hidden">{t('table.columnsLegend')}</legend>
              {listed === null ? <p className="muted">{t('table.loadingFields')}</p> : fields.length === 0 ? <p className="muted">{t('table.noFields')}</p> : null}
              {/* find names columns as filters name fields: keys the language cannot name are left out. */}
              {fields.filter((f) => f.filterable !== false && !f.file).map((f) => (
                <label key={f.key} className="check">
                  <input type="checkbox" checked={cols.includes(f.key)} onChange={() => toggleCol(f.key)} />
                  <span>{f.key}</span> <span className="muted">{formatNumber(f.notes)}</span>
                </label>
              ))}
            </fieldset>
            <fieldset data-testid="file-columns">
              <legend>{t('table.fileFields')}</legend>
              {FILE_FIELDS.map((name) => `file.${name}`).map((key) => (
                <label key={key} className="check">
                  <input type="checkbox" checked={cols.includes(key)} onChange={() => toggleCol(key)} />
                  <span>{key}</span>
                </label>
              ))}
            </fieldset>
          </div>
        </details>
        <button type="button" className="secondary small" onClick={() => void exportCsv()} disabled={!out?.ok || exporting !== null}>
          {t('table.export')}
        </button>
        {exporting ? <span role="status" className="muted">{exporting}</span> : null}
        {out?.ok ? <span className="result-count muted">{t('search.results', { total: out.r.total })}</span> : null}
      </div>
      {prefixIgnored ? <p className="notice">{t('table.prefixIgnored', { folder: state.prefix ?? '' })}</p> : null}
      {out?.ok && out.r.notice ? (
        <p className="notice" data-testid="find-notice">
          <EngineMessage kind="notice" code={out.r.notice_code} message={out.r.notice} />
        </p>
      ) : null}
      {out && !out.ok ? (
        <div className="error-box" role="alert">
          <p>
            <EngineMessage kind="engineError" code={out.e.code} message={out.e.message} />
          </p>
        </div>
      ) : null}
      {out?.ok ? (
        <div className="table-scroll">
          <table className="data-table" data-testid="find-table">
            <thead>
              <tr>
                <th aria-sort={ariaSort('title')} scope="col">
                  <button type="button" className="th-button" onClick={() => sortBy('title')}>
                    {t('table.title')}
                    {sortMark('title')}
                  </button>
                </th>
                {cols.map((c) => (
                  <th key={c} aria-sort={ariaSort(c)} scope="col">
                    <button type="button" className="th-button" onClick={() => sortBy(c)}>
                      {c}
                      {sortMark(c)}
                    </button>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {out.r.results.map((row) => (
                <tr key={`${row.vault ?? ''}:${row.path}`}>
                  <th scope="row">
                    <a
                      href="#"
                      onClick={(e) => {
                        e.preventDefault();
                        update({ note: { vault: row.vault ?? state.vault ?? '', path: row.path } });
                      }}
                    >
                      {row.title}
                    </a>
                    <div className="hit-path">{row.path}</div>
                  </th>
                  {cols.map((c) => (
                    <td key={c} className={typeof row.fields?.[c] === 'number' ? 'num' : undefined}>
                      <Cell v={row.fields?.[c]} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          {out.r.results.length === 0 ? <p className="muted">{t('table.empty')}</p> : null}
        </div>
      ) : null}
      {out?.ok && (state.page > 1 || out.r.has_more) ? (
        <nav className="pager" aria-label={t('pager.label')}>
          <button type="button" className="secondary small" disabled={state.page <= 1} onClick={() => turnTo(state.page - 1)}>
            ← {t('pager.prev')}
          </button>
          <span>{t('pager.pageOf', { page: state.page, pages: Math.max(1, Math.ceil(out.r.total / TABLE_PAGE)) })}</span>
          <button type="button" className="secondary small" disabled={!out.r.has_more} onClick={() => turnTo(state.page + 1)}>
            {t('pager.next')} →
          </button>
        </nav>
      ) : null}
    </div>
  );
}
