import { useI18n } from '../../i18n/i18n';
import type { VaultInfo } from '../../../../worker/tools/vaults';

interface Props {
  vaults: VaultInfo[];
  onResync(v: VaultInfo): void;
  onRemove(v: VaultInfo): void;
  busy: boolean;
}

export function VaultList({ vaults, onResync, onRemove, busy }: Props) {
  const { t, formatDate } = useI18n();
  return (
    <section className="vaults" aria-labelledby="vaults-title">
      <h2 id="vaults-title">{t('vaults.title')}</h2>
      {vaults.length === 0 ? <p className="muted">{t('vaults.empty')}</p> : null}
      <ul>
        {vaults.map((v) => (
          <li key={v.name} data-testid="vault" data-vault={v.name}>
            <div className="vault-name">{v.name}</div>
            <div className="muted">
              {t('vaults.counts', { notes: v.notes, files: v.files })}
              {v.imported_at ? ` · ${formatDate(v.imported_at)}` : ''}
            </div>
            {v.import_state === 'importing' ? <div className="warn">{t('vaults.interrupted')}</div> : null}
            <div className="vault-actions">
              {v.source === 'handle' ? (
                <button type="button" className="secondary small" disabled={busy} onClick={() => onResync(v)} aria-label={`${t('vaults.resync')} ${v.name}`}>
                  {t('vaults.resync')}
                </button>
              ) : null}
              <button type="button" className="secondary small" disabled={busy} onClick={() => onRemove(v)} aria-label={`${t('vaults.remove')} ${v.name}`}>
                {t('vaults.remove')}
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
