import { useRef } from 'react';
import { useI18n } from '../../i18n/i18n';
import { canPickDirectory, folderFromFileList, pickDirectory, type FolderInput } from './folder-input';
import type { ImportState } from './use-import';
import { ProblemList } from './ProblemList';
import './import.css';

interface Props {
  state: ImportState;
  onFolder(input: FolderInput): void;
  onCancel(): void;
}

export function ImportPanel({ state, onFolder, onCancel }: Props) {
  const { t } = useI18n();
  const inputRef = useRef<HTMLInputElement>(null);
  const p = state.progress;
  const last = state.last;
  return (
    <section className="import-panel" aria-label={t('import.choose')}>
      <div className="import-actions">
        {canPickDirectory() ? (
          <button
            type="button"
            disabled={state.running}
            onClick={async () => {
              const input = await pickDirectory();
              if (input) onFolder(input);
            }}
          >
            {t('import.choose')}
          </button>
        ) : null}
        <button type="button" className={canPickDirectory() ? 'secondary' : ''} disabled={state.running} onClick={() => inputRef.current?.click()}>
          {t('import.chooseFallback')}
        </button>
        <input
          ref={inputRef}
          type="file"
          hidden
          data-testid="folder-input"
          {...({ webkitdirectory: '', directory: '' } as object)}
          multiple
          onChange={(e) => {
            const input = e.target.files ? folderFromFileList(e.target.files) : null;
            e.target.value = '';
            if (input) onFolder(input);
          }}
        />
      </div>
      <p className="hint">{t('import.drop')}</p>
      {state.running ? (
        <div className="import-progress" role="status" aria-live="polite">
          <progress max={Math.max(1, p?.found ?? 1)} value={!p || p.phase === 'scanning' ? undefined : p.processed} aria-label={p?.vault ?? ''} />
          <span>
            {p ? `${p.vault}: ` : ''}
            {!p || p.phase === 'scanning'
              ? t('import.scanning', { found: p?.found ?? 0 })
              : p.phase === 'optimizing'
                ? t('import.finishing')
                : t('import.progress', { processed: p.processed, found: p.found, indexed: p.indexed, problems: p.problems })}
          </span>
          <button type="button" className="secondary" onClick={onCancel}>
            {t('import.cancel')}
          </button>
        </div>
      ) : null}
      {!state.running && last ? (
        <div className="import-result" role="status">
          <p>
            {last.phase === 'done'
              ? t('import.done', { vault: last.vault, notes: last.notes, files: last.files, seconds: roundSeconds(last.seconds) }) +
                (last.unchanged ? ` ${t('import.doneUnchanged', { unchanged: last.unchanged })}` : '')
              : last.phase === 'cancelled'
                ? t('import.cancelled', { vault: last.vault, processed: last.processed, found: last.found })
                : t('import.failed', { vault: last.vault, error: last.error ?? '' })}
          </p>
          {last.problemList.length ? <ProblemList problems={last.problemList} /> : null}
        </div>
      ) : null}
      {!state.running && state.error && !last ? <p className="error" role="alert">{state.error}</p> : null}
    </section>
  );
}

/** 0.448 → 0.4, 12.34 → 12: enough precision for people. */
function roundSeconds(s: number): number {
  return s < 10 ? Math.round(s * 10) / 10 : Math.round(s);
}
