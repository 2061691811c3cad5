// What to search for (notes, observations or relations) and "as of" a date:
// the claims the notes made about that day (the search tool's valid_at).
// Both live in the URL with the rest of the search.
import '../graph/graph.css';
import { useI18n } from '../../i18n/i18n';
import type { EntityKind } from '../../state/url-state';

interface Props {
  entity: EntityKind;
  asOf: string | null;
  onEntity(e: EntityKind): void;
  onAsOf(date: string | null): void;
}

const KINDS: EntityKind[] = ['entity', 'observation', 'relation'];

export function ValidTimeControls({ entity, asOf, onEntity, onAsOf }: Props) {
  const { t } = useI18n();
  return (
    <div className="valid-time-controls">
      <label>
        <span>{t('search.entityType')}</span>{' '}
        <select value={asOf ? 'observation' : entity} onChange={(e) => onEntity(e.target.value as EntityKind)} disabled={!!asOf} data-testid="entity-type" title={asOf ? t('search.asOfObservations') : undefined}>
          {KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`search.entity.${k}` as 'search.entity.entity')}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>{t('search.asOf')}</span>{' '}
        <input type="date" value={asOf ?? ''} onChange={(e) => onAsOf(e.target.value || null)} data-testid="as-of" />
      </label>
      {asOf ? (
        <button type="button" className="link-button" onClick={() => onAsOf(null)} data-testid="as-of-clear">
          {t('search.asOfClear')}
        </button>
      ) : null}
    </div>
  );
}
