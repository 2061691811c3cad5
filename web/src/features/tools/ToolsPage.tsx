// The Tools page: every tool an agent can call (the same catalog `kioku mcp`
// and WebMCP publish), with its description, arguments and JSON Schema; a JSON
// argument editor, Run, and the result exactly as an agent would get it.
import { useEffect, useMemo, useState } from 'react';
import type { AgentResult, ToolInfo } from '../../../../worker/contract';
import { engineApi } from '../../engine/client';
import { useI18n } from '../../i18n/i18n';
import { checkArgs } from './check-args';
import { navigate, toolsHref, type ToolsRoute } from './tools-route';

export function ToolsPage({ route }: { route: ToolsRoute }) {
  const { t } = useI18n();
  const [catalog, setCatalog] = useState<ToolInfo[] | null>(null);
  const [text, setText] = useState(route.args);
  const [result, setResult] = useState<AgentResult | null>(null);
  const [running, setRunning] = useState(false);

  useEffect(() => {
    void engineApi().toolCatalog().then(setCatalog);
  }, []);
  // Back/Forward and shared links change the route: the editor follows.
  useEffect(() => {
    setText(route.args);
    setResult(null);
  }, [route.tool, route.args]);

  const tool = catalog?.find((x) => x.name === route.tool) ?? catalog?.find((x) => x.name === 'search');
  const check = useMemo(() => (tool ? checkArgs(text, tool.inputSchema) : null), [text, tool]);
  const own = catalog?.filter((x) => x.name === x.tool) ?? [];

  const run = async () => {
    if (!tool || !check?.ok) return;
    navigate(toolsHref({ tool: tool.name, args: text }), { replace: true });
    setRunning(true);
    try {
      setResult(await engineApi().callForAgent(tool.name, check.args));
    } finally {
      setRunning(false);
    }
  };

  return (
    <div className="tools-page" data-testid="tools-page">
      <header className="topbar">
        <h1 className="brand-h1">
          <a className="brand" href="./" onClick={(e) => (e.preventDefault(), navigate('./'))}>
            <span aria-hidden="true">記</span> {t('app.title')}
          </a>
        </h1>
        <h2 className="tools-title">{t('tools.title')}</h2>
      </header>
      <div className="tools-layout">
        <nav className="tools-list" aria-label={t('tools.list')}>
          <ul>
            {own.map((x) => (
              <li key={x.name}>
                <a
                  href={toolsHref({ tool: x.name, args: '{}' })}
                  aria-current={tool?.tool === x.name ? 'page' : undefined}
                  onClick={(e) => (e.preventDefault(), navigate(toolsHref({ tool: x.name, args: '{}' })))}
                >
                  {x.name}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        {tool ? (
          <main className="tools-detail" id="main">
            <h3>
              <code>{tool.name}</code>
              {tool.write ? <span className="badge">{t('tools.writes')}</span> : null}
            </h3>
            <p>{tool.description}</p>
            {aliasesOf(catalog!, tool.tool).length ? <p className="muted">{t('tools.aliases', { names: aliasesOf(catalog!, tool.tool).join(', ') })}</p> : null}
            <table className="tools-params">
              <thead>
                <tr>
                  <th>{t('tools.argument')}</th>
                  <th>{t('tools.type')}</th>
                  <th>{t('tools.meaning')}</th>
                </tr>
              </thead>
              <tbody>
                {tool.params.map((p) => (
                  <tr key={p.name}>
                    <td>
                      <code>{p.name}</code>
                      {p.required ? ` (${t('tools.required')})` : ''}
                      {p.aliases.length ? <div className="muted">{p.aliases.join(', ')}</div> : null}
                    </td>
                    <td>
                      <code>{p.type}</code>
                    </td>
                    <td>{p.description}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <details>
              <summary>{t('tools.schema')}</summary>
              <pre data-testid="tool-schema">{JSON.stringify(tool.inputSchema, null, 2)}</pre>
            </details>
            <label className="tools-args">
              {t('tools.args')}
              <textarea value={text} onChange={(e) => setText(e.target.value)} rows={6} spellCheck={false} data-testid="tool-args" aria-invalid={check?.ok === false} />
            </label>
            {check && !check.ok ? (
              <p className="field-error" role="alert">
                {check.message}
              </p>
            ) : null}
            {tool.examples.length ? (
              <p className="muted">
                {t('tools.examples')}{' '}
                {tool.examples.map((ex, i) => (
                  <button key={i} type="button" className="linklike" onClick={() => setText(JSON.stringify(ex, null, 2))}>
                    <code>{JSON.stringify(ex)}</code>
                  </button>
                ))}
              </p>
            ) : null}
            <button type="button" onClick={() => void run()} disabled={!check?.ok || running} data-testid="tool-run">
              {t('tools.run')}
            </button>
            {result ? (
              <section aria-label={t('tools.result')} className={result.isError ? 'tool-result error' : 'tool-result'}>
                <h4>{result.isError ? t('tools.resultError') : t('tools.result')}</h4>
                <pre data-testid="tool-result">{JSON.stringify(result.structuredContent, null, 2)}</pre>
                <details>
                  <summary>{t('tools.asText')}</summary>
                  <pre>{result.content.map((c) => c.text).join('\n')}</pre>
                </details>
              </section>
            ) : null}
          </main>
        ) : (
          <p aria-busy="true">{t('app.opening')}</p>
        )}
      </div>
    </div>
  );
}

function aliasesOf(catalog: ToolInfo[], tool: string): string[] {
  return catalog.filter((x) => x.tool === tool && x.name !== tool).map((x) => x.name);
}
