// Active filters and scope as removable chips.
import { useI18n } from '../../i18n/i18n';
import type { Filter } from '../../state/url-state';
import { conditionsOf, removeCondition } from './filter-model';
import { conditionText } from './condition-text';

interface Props {
  filter: Filter | null;
  vault: string | null;
  prefix: string | null;
  /** links_to: a hit id (vault:path). */
  links?: string | null;
  onFilter(f: Filter | null): void;
  onClearVault(): void;
  onClearPrefix(): void;
  onClearLinks?(): void;
}

export function FilterChips({ filter, vault, prefix, links = null, onFilter, onClearVault, onClearPrefix, onClearLinks }: Props) {
  const { t } = useI18n();
  const conds = conditionsOf(filter);
  if (!conds.length && !vault && !prefix && !links) return null;
  const linked = links ? t('scope.chip.links', { note: links.slice(links.indexOf(':') + 1) }) : '';
  return (
    <ul className="chips" aria-label={t('filter.active')}>
      {vault ? (
        <li className="chip scope">
          <span>{t('scope.chip.vault', { vault })}</span>
          <button type="button" onClick={onClearVault} aria-label={t('filter.removeNamed', { what: t('scope.chip.vault', { vault }) })}>
            ✕
          </button>
        </li>
      ) : null}
      {prefix ? (
        <li className="chip scope">
          <span>{t('scope.chip.folder', { folder: prefix })}</span>
          <button type="button" onClick={onClearPrefix} aria-label={t('filter.removeNamed', { what: t('scope.chip.folder', { folder: prefix }) })}>
            ✕
          </button>
        </li>
      ) : null}
      {links ? (
        <li className="chip scope" data-testid="links-chip">
          <span>{linked}</span>
          <button type="button" onClick={onClearLinks} aria-label={t('filter.removeNamed', { what: linked })}>
            ✕
          </button>
        </li>
      ) : null}
      {conds.map((c, i) => {
        const text = conditionText(c, t);
        return (
          <li key={`${c.key}-${c.op}-${i}`} className="chip" data-testid="filter-chip">
            <span>{text}</span>
            <button type="button" onClick={() => onFilter(removeCondition(filter, c))} aria-label={t('filter.removeNamed', { what: text })}>
              ✕
            </button>
          </li>
        );
      })}
    </ul>
  );
}
