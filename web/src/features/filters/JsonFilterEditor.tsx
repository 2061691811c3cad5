// The filter as JSON, editable. Syntax errors are shown where they are; a
// syntactically valid filter is checked by the engine, and its error is shown
// at the part named by error.path. Only a filter the engine accepts reaches the
// search (and the URL); the builder and chips show the same object.
import { useEffect, useRef, useState } from 'react';
import { call, isToolError } from '../../engine/client';
import { useI18n } from '../../i18n/i18n';
import type { Filter } from '../../state/url-state';
import { JsonSyntaxError, lineCol, locatePath, parseJsonTree, treeValue, type Span } from './json-locate';
import { EngineMessage } from '../../ui/EngineMessage';

interface Props {
  filter: Filter | null;
  /** typing: the change comes from editing the JSON text (one history entry for a run of edits). */
  onChange(f: Filter | null, typing: boolean): void;
}

interface Problem {
  /** The engine's error code; JSON syntax and shape problems count as an invalid filter. */
  code?: string;
  message: string;
  span: Span;
  path?: string;
}

const pretty = (f: Filter | null) => (f ? JSON.stringify(f, null, 2) : '{}');

export function JsonFilterEditor({ filter, onChange }: Props) {
  const { t } = useI18n();
  const [text, setText] = useState(() => pretty(filter));
  const [problem, setProblem] = useState<Problem | null>(null);
  const [checking, setChecking] = useState(false);
  const area = useRef<HTMLTextAreaElement>(null);
  const applied = useRef(JSON.stringify(filter ?? {}));
  const seq = useRef(0);

  // The filter changed elsewhere (builder, chip, Back): show it.
  useEffect(() => {
    const now = JSON.stringify(filter ?? {});
    if (now !== applied.current) {
      applied.current = now;
      setText(pretty(filter));
      setProblem(null);
    }
  }, [filter]);

  useEffect(() => {
    const mine = ++seq.current;
    const timer = setTimeout(async () => {
      // An emptied box asks for no filter, as {} does: the reader cleared it, so the filter goes.
      if (!text.trim()) {
        setProblem(null);
        setChecking(false);
        if (applied.current === '{}') return;
        applied.current = '{}';
        onChange(null, true);
        return;
      }
      let value: unknown;
      let tree;
      try {
        tree = parseJsonTree(text);
        value = treeValue(tree);
      } catch (e) {
        if (e instanceof JsonSyntaxError) {
          const at = Math.min(e.offset, text.length);
          setProblem({ message: e.message, span: { start: at, end: Math.min(at + 1, text.length) } });
        }
        return;
      }
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        setProblem({ message: t('json.notObject'), span: tree.span });
        return;
      }
      const f = Object.keys(value).length ? (value as Filter) : null;
      if (JSON.stringify(f ?? {}) === applied.current) {
        setProblem(null);
        return;
      }
      if (f) {
        setChecking(true);
        const r = await call('search', { query: '', filters: f, page_size: 1 });
        if (mine !== seq.current) return;
        setChecking(false);
        if (isToolError(r)) {
          setProblem({ code: r.error.code, message: r.error.message, path: r.error.path, span: (r.error.path && locatePath(tree, r.error.path)) || tree.span });
          return;
        }
      }
      setProblem(null);
      applied.current = JSON.stringify(f ?? {});
      onChange(f, true);
    }, 300);
    return () => clearTimeout(timer);
  }, [text, onChange, t]);

  const where = problem ? lineCol(text, problem.span.start) : null;
  const show = () => {
    if (!problem || !area.current) return;
    area.current.focus();
    area.current.setSelectionRange(problem.span.start, problem.span.end);
  };
  // The offending part in context: the whole line(s) it spans.
  const excerpt = problem
    ? (() => {
        const ls = text.lastIndexOf('\n', problem.span.start - 1) + 1;
        const le = text.indexOf('\n', problem.span.end);
        const end = le < 0 ? text.length : le;
        return { before: text.slice(ls, problem.span.start), bad: text.slice(problem.span.start, problem.span.end) || ' ', after: text.slice(problem.span.end, end) };
      })()
    : null;

  return (
    <div className="json-editor">
      <label htmlFor="filter-json">{t('json.label')}</label>
      <textarea
        id="filter-json"
        ref={area}
        value={text}
        onChange={(e) => setText(e.target.value)}
        spellCheck={false}
        rows={Math.min(16, Math.max(4, text.split('\n').length + 1))}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? 'filter-json-error' : 'filter-json-help'}
        data-testid="filter-json"
      />
      {problem && where && excerpt ? (
        <div id="filter-json-error" className="json-error" role="alert" data-testid="filter-json-error" data-line={where.line} data-column={where.column} data-path={problem.path ?? ''}>
          <p>
            <strong>{t('json.errorAt', { line: where.line, column: where.column })}</strong>{' '}
            <EngineMessage kind="engineError" code={problem.code ?? 'invalid_filter'} message={problem.message} />
          </p>
          <pre className="json-excerpt">
            <code>
              {excerpt.before}
              <mark data-testid="filter-json-bad">{excerpt.bad}</mark>
              {excerpt.after}
            </code>
          </pre>
          <button type="button" className="secondary small" onClick={show}>
            {t('json.showError')}
          </button>
        </div>
      ) : (
        <p id="filter-json-help" className="hint">
          {checking ? t('json.checking') : t('json.help')}
        </p>
      )}
    </div>
  );
}
