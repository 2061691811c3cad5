// The imported vaults: counts, when they were imported, and what can be done
// with each: re-sync from its folder, write unsaved edits back to it, export
// it as a .zip, remove it from Kioku.
import { useEffect, useState } from 'react';
import { call, isToolError } from '../../engine/client';
import { useCapabilities } from '../../engine/capabilities';
import { openForWriting } from '../../engine/write-access';
import { useI18n } from '../../i18n/i18n';
import { useApp } from '../../app/app-context';
import type { VaultInfo } from '../../../../worker/contract';
import { exportVaultZip } from './export-vault';
import { useEngineText } from '../../ui/EngineMessage';
import { ProblemList, type ProblemItem } from '../import/ProblemList';

interface Props {
  vaults: VaultInfo[];
  /** The engine has listed the vaults (until then an empty list says nothing). */
  loaded: boolean;
  onResync(v: VaultInfo): void;
  onRemove(v: VaultInfo): void;
  busy: boolean;
  refreshKey: number;
}

export function VaultList({ vaults, loaded, onResync, onRemove, busy, refreshKey }: Props) {
  const { t, formatDate } = useI18n();
  const engineText = useEngineText();
  const caps = useCapabilities();
  const { notify, refresh } = useApp();
  const [unsaved, setUnsaved] = useState<Map<string, number>>(new Map());
  // The problems of a vault, read from the engine when its count is clicked (so they survive a reload).
  const [problems, setProblems] = useState<{ vault: string; list: ProblemItem[] } | null>(null);
  const showProblems = async (v: VaultInfo) => {
    if (problems?.vault === v.name) return setProblems(null);
    const r = await call('problems', { vault: v.name, limit: 1000 });
    if (isToolError(r)) notify(engineText('engineError', r.error.code, r.error.message));
    else setProblems({ vault: v.name, list: r.problems });
  };
  useEffect(() => {
    if (!caps.write) return;
    let live = true;
    // Asked for after the effects of this render, so a search the page sends as it opens reaches the engine first.
    const timer = setTimeout(() => {
      void call('unsaved_changes', {}).then((r) => {
        if (!live || isToolError(r)) return;
        const m = new Map<string, number>();
        for (const n of r.notes) m.set(n.vault, (m.get(n.vault) ?? 0) + 1);
        setUnsaved(m);
      });
    }, 0);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [caps.write, refreshKey]);

  const writeBack = async (v: VaultInfo) => {
    const access = await openForWriting(v.name, v.source);
    if (access !== 'granted') {
      notify(access === 'no_folder' ? t('vaults.noFolder', { vault: v.name }) : t('vaults.writeDenied', { vault: v.name }));
      return;
    }
    const r = await call('write_back', { vault: v.name });
    if (isToolError(r)) notify(engineText('engineError', r.error.code, r.error.message));
    else notify(t('vaults.writtenBack', { written: r.written, remaining: r.remaining }));
    await refresh();
  };

  const markTeam = async (v: VaultInfo) => {
    const r = await call('mark_team_space', { vault: v.name, team_space: true });
    if (isToolError(r)) notify(engineText('engineError', r.error.code, r.error.message));
    await refresh();
  };

  return (
    <section className="vaults" aria-labelledby="vaults-title">
      <h2 id="vaults-title">{t('vaults.title')}</h2>
      {loaded && vaults.length === 0 ? <p className="muted">{t('vaults.empty')}</p> : null}
      <ul>
        {vaults.map((v) => {
          const pending = unsaved.get(v.name) ?? 0;
          return (
            <li key={v.name} data-testid="vault" data-vault={v.name}>
              <div className="vault-name">
                {v.name}
                {v.team_space ? (
                  <span className="badge" data-testid="team-space-badge">
                    {t('vaults.teamSpace')}
                  </span>
                ) : null}
              </div>
              <div className="muted small-text">
                {`${t('vaults.notes', { count: v.notes })} · ${t('vaults.files', { count: v.files })}`}
                {v.imported_at ? ` · ${formatDate(v.imported_at)}` : ''}
              </div>
              {v.problems ? (
                <button type="button" className="linklike warn" data-testid="vault-problems" aria-expanded={problems?.vault === v.name} aria-label={t('vaults.problems.show', { vault: v.name })} onClick={() => void showProblems(v)}>
                  {t('vaults.problems', { count: v.problems })}
                </button>
              ) : null}
              {problems?.vault === v.name ? <ProblemList problems={problems.list} /> : null}
              {v.notes_sharing_permalink ? <div className="muted small-text" data-testid="shared-permalinks">{t('vaults.sharedPermalinks', { count: v.notes_sharing_permalink })}</div> : null}
              {v.import_state === 'importing' ? <div className="warn">{t('vaults.interrupted')}</div> : null}
              {pending ? (
                <div className="warn" data-testid="unsaved-count">
                  {t('vaults.unsaved', { count: pending })}
                </div>
              ) : null}
              <div className="vault-actions">
                {v.source === 'handle' ? (
                  <button type="button" className="secondary small" disabled={busy} onClick={() => onResync(v)} aria-label={`${t('vaults.resync')} ${v.name}`}>
                    {t('vaults.resync')}
                  </button>
                ) : null}
                {pending && v.source === 'handle' ? (
                  <button type="button" className="secondary small" disabled={busy} onClick={() => void writeBack(v)} aria-label={`${t('vaults.writeBack')} ${v.name}`}>
                    {t('vaults.writeBack')}
                  </button>
                ) : null}
                <button
                  type="button"
                  className="secondary small"
                  onClick={() => void exportVaultZip(v.name).then((n) => notify(t('vaults.exported', { count: n, vault: v.name })), (e) => notify(String(e?.message ?? e)))}
                  aria-label={`${t('vaults.export')} ${v.name}`}
                >
                  {t('vaults.export')}
                </button>
                {!v.team_space ? (
                  <button type="button" className="secondary small" disabled={busy} onClick={() => void markTeam(v)} aria-label={`${t('vaults.markTeam')} ${v.name}`} data-testid="mark-team-space">
                    {t('vaults.markTeam')}
                  </button>
                ) : null}
                <button type="button" className="secondary small danger" disabled={busy} onClick={() => onRemove(v)} aria-label={`${t('vaults.remove')} ${v.name}`}>
                  {t('vaults.remove')}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
