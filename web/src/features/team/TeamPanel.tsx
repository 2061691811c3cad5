// The Team panel (sidebar): who I am, every user and folder of the team
// spaces I can see with a toggle per folder (off / search / inject) and note
// counts, and a search over what I subscribe to (SearchNotes). Everything
// goes through the engine's tools.
import { useCallback, useEffect, useState } from 'react';
import { call, isToolError } from '../../engine/client';
import { useI18n } from '../../i18n/i18n';
import { useApp } from '../../app/app-context';
import { useEngineText } from '../../ui/EngineMessage';

type Mode = 'off' | 'search' | 'inject';

interface Folder {
  vault: string;
  owner: string;
  folder: string;
  notes: number;
  subscription: { mode: 'search' | 'inject'; enabled: boolean } | null;
}

interface Team {
  user: string | null;
  orgs: string[];
  spaces: { vault: string; marked: boolean }[];
  folders: Folder[];
}

const modeOf = (f: Folder): Mode => (f.subscription && f.subscription.enabled ? f.subscription.mode : 'off');

export function TeamPanel({ refreshKey, onChanged, onSettings }: { refreshKey: number; onChanged(): void; onSettings(): void }) {
  const { t } = useI18n();
  const engineText = useEngineText();
  const { notify } = useApp();
  const [team, setTeam] = useState<Team | null>(null);
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<string[] | null>(null);

  const load = useCallback(async () => {
    const r = await call('team_folders', {});
    if (!isToolError(r)) setTeam(r);
  }, []);
  useEffect(() => {
    void load();
  }, [load, refreshKey]);

  const search = useCallback(async (q: string) => {
    if (!q.trim()) return setFound(null);
    const r = await call('SearchNotes', { query: q, limit: 20 });
    if (isToolError(r)) {
      setFound(null);
      notify(engineText('engineError', r.error.code, r.error.message));
    } else setFound(r.results);
  }, [engineText, notify]);

  const toggle = async (f: Folder, mode: Mode) => {
    const args = mode === 'off' ? { owner_id: f.owner, folder: f.folder, mode: f.subscription?.mode ?? 'search', enabled: false } : { owner_id: f.owner, folder: f.folder, mode, enabled: true };
    const r = await call('subscribe', args);
    if (isToolError(r)) return notify(engineText('engineError', r.error.code, r.error.message));
    // Kept in Kioku when the folder is not writable: the vault list counts it as an unsaved change; only trouble is told here.
    if (r.file.status === 'not_written' || r.file.status === 'failed' || r.file.status === 'changed_on_disk') notify(r.file.message);
    await load();
    if (found !== null) await search(query);
    onChanged();
  };

  if (!team || (!team.spaces.length && !team.user)) return null;
  const owners = [...new Set(team.folders.map((f) => f.owner))];
  return (
    <section className="team-panel" aria-labelledby="team-title" data-testid="team-panel">
      <h2 id="team-title">{t('team.title')}</h2>
      <p className="small-text" data-testid="team-identity">
        {team.user ? t('team.youAre', { user: team.user, orgs: team.orgs.join(', ') || t('team.noOrgs') }) : t('team.noIdentity')}{' '}
        <button type="button" className="linklike" onClick={onSettings}>
          {t('team.change')}
        </button>
      </p>
      {team.spaces.length ? <p className="muted small-text">{t('team.spaces', { spaces: team.spaces.map((s) => s.vault).join(', ') })}</p> : null}
      {owners.length === 0 ? <p className="muted small-text">{t('team.nothingVisible')}</p> : null}
      {owners.map((owner) => (
        <div key={owner} className="team-owner">
          <h3>{owner === team.user ? t('team.me', { user: owner }) : owner}</h3>
          <ul>
            {team.folders
              .filter((f) => f.owner === owner)
              .map((f) => (
                <li key={`${f.vault}/${f.folder}`} data-testid="team-folder" data-folder={`${f.owner}/${f.folder}`}>
                  <label>
                    <span className="team-folder-name">
                      {f.folder} <span className="muted">({t('vaults.notes', { count: f.notes })})</span>
                    </span>
                    <select value={modeOf(f)} disabled={!team.user} onChange={(e) => void toggle(f, e.target.value as Mode)} aria-label={t('team.toggle', { folder: `${f.owner}/${f.folder}` })}>
                      <option value="off">{t('team.mode.off')}</option>
                      <option value="search">{t('team.mode.search')}</option>
                      <option value="inject">{t('team.mode.inject')}</option>
                    </select>
                  </label>
                </li>
              ))}
          </ul>
        </div>
      ))}
      {team.user ? (
        <form
          className="team-search"
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            void search(query);
          }}
        >
          <label>
            <span>{t('team.search')}</span>
            <input type="search" value={query} onChange={(e) => setQuery(e.target.value)} data-testid="team-search" />
          </label>
          <button type="submit" className="secondary small">
            {t('team.searchButton')}
          </button>
        </form>
      ) : null}
      {found !== null ? (
        found.length ? (
          <ul className="team-results" data-testid="team-results">
            {found.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ) : (
          <p className="muted small-text" data-testid="team-results-empty">
            {t('team.noResults')}
          </p>
        )
      ) : null}
    </section>
  );
}
