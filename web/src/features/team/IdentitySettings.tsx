// Settings → Team: who I am in team spaces (my user id, the users/<id>/
// folder, and my organisations), saved with the set_identity tool.
import { useEffect, useState } from 'react';
import { call, isToolError } from '../../engine/client';
import { useI18n } from '../../i18n/i18n';
import { useEngineText } from '../../ui/EngineMessage';

export function IdentitySettings({ open, onSaved }: { open: boolean; onSaved(): void }) {
  const { t } = useI18n();
  const engineText = useEngineText();
  const [user, setUser] = useState('');
  const [orgs, setOrgs] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    if (!open) return;
    setMessage(null);
    void call('set_identity', {}).then((r) => {
      if (isToolError(r)) return;
      setUser(r.user ?? '');
      setOrgs(r.orgs.join(', '));
    });
  }, [open]);

  const save = async (clear: boolean) => {
    const list = orgs.split(',').map((o) => o.trim()).filter(Boolean);
    const r = await call('set_identity', clear || !user.trim() ? { clear: true } : { user: user.trim(), orgs: list });
    if (isToolError(r)) return setMessage(engineText('engineError', r.error.code, r.error.message));
    setUser(r.user ?? '');
    setOrgs(r.orgs.join(', '));
    setMessage(r.user ? t('identity.saved', { user: r.user }) : t('identity.cleared'));
    onSaved();
  };

  return (
    <section aria-labelledby="set-team" data-testid="identity-settings">
      <h3 id="set-team">{t('identity.title')}</h3>
      <p className="hint">{t('identity.help')}</p>
      <form
        className="form-grid two"
        onSubmit={(e) => {
          e.preventDefault();
          void save(false);
        }}
      >
        <label>
          <span>{t('identity.user')}</span>
          <input value={user} onChange={(e) => setUser(e.target.value)} autoComplete="off" spellCheck={false} data-testid="identity-user" />
        </label>
        <label>
          <span>{t('identity.orgs')}</span>
          <input value={orgs} onChange={(e) => setOrgs(e.target.value)} autoComplete="off" spellCheck={false} placeholder="acme, globex" data-testid="identity-orgs" />
        </label>
        <div className="editor-actions">
          <button type="submit" data-testid="identity-save">
            {t('identity.save')}
          </button>
          <button type="button" className="secondary" onClick={() => void save(true)}>
            {t('identity.clear')}
          </button>
        </div>
      </form>
      {message ? (
        <p className="notice" role="status" data-testid="identity-message">
          {message}
        </p>
      ) : null}
    </section>
  );
}
