// Background embedding at a glance, in the sidebar: which model, how far,
// how fast, time left; pause/resume; switch model; load a model from a folder.
import { useEffect, useRef, useState } from 'react';
import { call, engineApi, isToolError, watchEmbedding, type EmbedStatus } from '../../engine/client';
import { useI18n } from '../../i18n/i18n';
import { modelName, panelEmbedLine } from './embed-text';

interface ModelChoice {
  id: string;
  label: string;
  active: boolean;
}

function duration(seconds: number, lang: string): string {
  const unit = seconds >= 3600 ? 'hour' : seconds >= 60 ? 'minute' : 'second';
  const n = unit === 'hour' ? seconds / 3600 : unit === 'minute' ? seconds / 60 : seconds;
  return new Intl.NumberFormat(lang, { style: 'unit', unit, unitDisplay: 'long', maximumFractionDigits: unit === 'second' ? 0 : 1 }).format(n);
}

export function EmbedPanel() {
  const { t, lang, formatNumber } = useI18n();
  const [s, setS] = useState<EmbedStatus | null>(null);
  const [models, setModels] = useState<ModelChoice[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const folderRef = useRef<HTMLInputElement>(null);

  useEffect(() => watchEmbedding(setS), []);
  const modelId = s?.model.id;
  useEffect(() => {
    void call('embed_status').then((r) => {
      if (!isToolError(r)) setModels(r.models);
    });
  }, [modelId]);

  /** Pause and resume are tools (the CLI and agents have them too); a refusal is shown, not dropped. */
  const steer = async (tool: 'embed_pause' | 'embed_resume') => {
    const r = await call(tool);
    setMessage(isToolError(r) ? r.error.message : null);
    if (!isToolError(r)) setS(r);
  };

  if (!s) return null;
  const busy = s.state === 'embedding' || s.state === 'chunking' || s.state === 'loading' || s.state === 'downloading';
  const line = panelEmbedLine(t, s);

  return (
    <section className="embed-panel" aria-label={t('embed.panel')} data-testid="embed-status" data-state={s.complete ? 'complete' : s.state}>
      <h2>{t('embed.title')}</h2>
      <label className="embed-model">
        <span>{t('embed.model')}</span>
        <select
          value={s.model.id}
          title={modelName(t, s.model) /* the sidebar is narrower than the longer model names */}
          disabled={models.length === 0}
          onChange={async (e) => {
            const r = await call('embed_model', { model: e.target.value });
            setMessage(isToolError(r) ? r.error.message : null);
            if (!isToolError(r)) setS(r);
          }}
        >
          {(models.length ? models : [{ id: s.model.id, label: s.model.label, active: true }]).map((m) => (
            <option key={m.id} value={m.id}>
              {modelName(t, m)}
            </option>
          ))}
        </select>
      </label>
      {s.chunks_total > 0 && !s.complete && s.state !== 'indexing' ? (
        <progress max={s.chunks_total} value={s.chunks_done} aria-label={t('embed.progress', { done: s.chunks_done, total: s.chunks_total })} />
      ) : null}
      {s.state === 'downloading' && s.download ? <progress max={100} value={s.download.progress} aria-label={line} /> : null}
      <p role="status" aria-live="polite">{line}</p>
      {s.yielding ? (
        <p className="muted" data-testid="embed-yielding">
          {t('embed.yielding')}
        </p>
      ) : s.state === 'embedding' && s.rate_per_s ? (
        <p className="muted">{t('embed.rate', { rate: formatNumber(s.rate_per_s), eta: s.eta_s === null ? '…' : duration(s.eta_s, lang) })}</p>
      ) : null}
      {s.threads_reason ? (
        <p className="muted" data-testid="embed-threads" data-threads={s.threads ?? 0} data-reason={s.threads_reason}>
          {t(`embed.threads.${s.threads_reason}`, { threads: s.threads ?? 0 })}
        </p>
      ) : null}
      {s.chunks_unreadable > 0 ? <p className="muted">{t('embed.unreadable', { count: s.chunks_unreadable })}</p> : null}
      {s.error ? <p className="error" role="alert">{s.error}</p> : null}
      {message ? <p className="notice" role="status">{message}</p> : null}
      <div className="embed-actions">
        {s.paused || s.state === 'error' ? (
          <button type="button" onClick={() => void steer('embed_resume')}>
            {s.state === 'error' ? t('embed.retry') : t('embed.resume')}
          </button>
        ) : busy || !s.complete ? (
          <button type="button" className="secondary" onClick={() => void steer('embed_pause')}>
            {t('embed.pause')}
          </button>
        ) : null}
        <button type="button" className="secondary" onClick={() => folderRef.current?.click()}>
          {t('embed.folder')}
        </button>
        <input
          ref={folderRef}
          type="file"
          hidden
          data-testid="model-folder-input"
          {...({ webkitdirectory: '', directory: '' } as object)}
          multiple
          onChange={async (e) => {
            const list = [...(e.target.files ?? [])];
            e.target.value = '';
            if (!list.length) return;
            const files = list.map((f) => ({ path: f.webkitRelativePath || f.name, file: f as Blob }));
            const name = files[0].path.split('/')[0] || 'model';
            const r = await engineApi().embedAddFolder(name, files);
            setMessage(r.ok ? t('embed.folderDone', { name }) : r.message);
            if (r.ok) setS(r.status);
          }}
        />
      </div>
    </section>
  );
}
