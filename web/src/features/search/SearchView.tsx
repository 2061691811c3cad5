import { useEffect, useRef, useState } from 'react';
import { call, isToolError } from '../../engine/client';
import { useI18n } from '../../i18n/i18n';
import type { SearchResult } from '../../../../worker/tools/search';
import { Highlight } from './Highlight';

interface Props {
  query: string;
  onOpen(vault: string, path: string): void;
  refreshKey: number;
}

export function SearchView({ query, onOpen, refreshKey }: Props) {
  const { t } = useI18n();
  const [result, setResult] = useState<SearchResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const seq = useRef(0);
  useEffect(() => {
    const mine = ++seq.current;
    const timer = setTimeout(async () => {
      const r = await call('search', { query, page_size: 20, snippet_markers: ['\u0002', '\u0003'] });
      if (mine !== seq.current) return; // a newer query is in flight
      if (isToolError(r)) {
        setError(r.error.message);
        setResult(null);
      } else {
        setError(null);
        setResult(r);
      }
    }, 120);
    return () => clearTimeout(timer);
  }, [query, refreshKey]);

  if (!query.trim()) return null;
  if (error) return <p className="error" role="alert">{error}</p>;
  if (!result) return null;
  return (
    <section className="results" aria-label={t('search.label')}>
      <p className="muted" role="status">{result.total ? t('search.results', { total: result.total }) : t('search.none', { query })}</p>
      {result.relaxed ? <p className="notice">{t('search.relaxed')}</p> : null}
      {typeof result.notice === 'string' ? <p className="notice" data-testid="search-notice">{result.notice}</p> : null}
      <ol>
        {result.results.map((h) => (
          <li key={h.id}>
            <button type="button" className="hit" onClick={() => onOpen(h.vault, h.path)} title={`score ${h.score}`}>
              <span className="hit-title">{h.title}</span>
              <span className="hit-path">{h.vault} · {h.path}</span>
              <span className="hit-snippet"><Highlight text={h.snippet} /></span>
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
