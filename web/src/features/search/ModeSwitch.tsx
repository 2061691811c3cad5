// Keyword / Semantic / Hybrid. Disabled, with the reason, when the engine has
// no vector search; shows embedding progress while vectors are computed.
import { useCapabilities } from '../../engine/capabilities';
import { useI18n } from '../../i18n/i18n';
import type { SearchMode } from '../../state/url-state';
import type { EmbedStatus } from './use-embed-status';
import { embedProgress } from './embed-progress';

interface Props {
  mode: SearchMode;
  ranMode: string | null;
  status: EmbedStatus | null;
  onChange(mode: SearchMode): void;
}

const OPTIONS: { mode: SearchMode; key: 'mode.keyword' | 'mode.semantic' | 'mode.hybrid' }[] = [
  { mode: 'text', key: 'mode.keyword' },
  { mode: 'vector', key: 'mode.semantic' },
  { mode: 'hybrid', key: 'mode.hybrid' },
];

export function ModeSwitch({ mode, ranMode, status, onChange }: Props) {
  const { t, formatNumber } = useI18n();
  const caps = useCapabilities();
  // "auto" shows as whatever the engine chose for the last search.
  const shown: SearchMode = mode !== 'auto' ? mode : ranMode === 'vector' || ranMode === 'hybrid' ? ranMode : 'text';
  const indexing = status?.state === 'indexing';
  const busy = embedProgress(status);
  return (
    <div className="mode-switch">
      <div role="radiogroup" aria-label={t('mode.label')} className="segmented" aria-describedby={!caps.modes ? 'mode-why' : busy ? 'mode-progress' : undefined}>
        {OPTIONS.map((o) => (
          <button
            key={o.mode}
            type="button"
            role="radio"
            aria-checked={shown === o.mode}
            disabled={!caps.modes && o.mode !== 'text'}
            className={shown === o.mode ? 'on' : ''}
            onClick={() => onChange(o.mode)}
          >
            {t(o.key)}
          </button>
        ))}
      </div>
      {!caps.modes ? (
        <span id="mode-why" className="mode-note muted" title={t('mode.unavailable')}>
          {t('mode.unavailableShort')}
          <span className="visually-hidden"> {t('mode.unavailable')}</span>
        </span>
      ) : indexing ? (
        <span className="mode-note muted" role="status" data-testid="meaning-index-loading">
          {t('mode.indexLoading')}
        </span>
      ) : busy ? (
        <span id="mode-progress" className="mode-note" role="status">
          <progress max={busy.total} value={busy.done} aria-label={t('mode.embedding')} />
          {t(busy.step === 'chunking' ? 'mode.chunkingProgress' : 'mode.embeddingProgress', { pct: formatNumber(busy.pct), done: formatNumber(busy.done), total: formatNumber(busy.total) })}
        </span>
      ) : null}
    </div>
  );
}
