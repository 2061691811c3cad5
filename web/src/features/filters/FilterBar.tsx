// The filter row under the query box: chips, "Add filter" (the builder) and
// "Edit as JSON". Both editors change the same filter object.
import { useState } from 'react';
import { useCapabilities } from '../../engine/capabilities';
import { useI18n } from '../../i18n/i18n';
import type { Filter } from '../../state/url-state';
import { FilterBuilder } from './FilterBuilder';
import { FilterChips } from './FilterChips';
import { JsonFilterEditor } from './JsonFilterEditor';

interface Props {
  filter: Filter | null;
  vault: string | null;
  prefix: string | null;
  links?: string | null;
  /** Changes when the notes do: the builder asks for the fields again. */
  refreshKey: number;
  onFilter(f: Filter | null, typing?: boolean): void;
  onClearVault(): void;
  onClearPrefix(): void;
  onClearLinks?(): void;
}

export function FilterBar({ filter, vault, prefix, links, refreshKey, onFilter, onClearVault, onClearPrefix, onClearLinks }: Props) {
  const { t } = useI18n();
  const caps = useCapabilities();
  const [panel, setPanel] = useState<'none' | 'builder' | 'json'>('none');
  const toggle = (p: 'builder' | 'json') => setPanel((cur) => (cur === p ? 'none' : p));
  return (
    <section className="filter-bar" aria-label={t('filter.title')}>
      <div className="filter-row">
        <FilterChips
          filter={filter}
          vault={vault}
          prefix={prefix}
          links={links}
          onFilter={onFilter}
          onClearVault={onClearVault}
          onClearPrefix={onClearPrefix}
          onClearLinks={onClearLinks}
        />
        <div className="filter-actions">
          <button type="button" className="secondary small" aria-expanded={panel === 'builder'} disabled={!caps.filters} onClick={() => toggle('builder')}>
            + {t('filter.addFilter')}
          </button>
          <button type="button" className="secondary small" aria-expanded={panel === 'json'} disabled={!caps.filters} onClick={() => toggle('json')}>
            {'{ }'} {t('filter.editJson')}
          </button>
        </div>
      </div>
      {!caps.filters ? <p className="hint">{t('filter.unavailable')}</p> : null}
      {panel === 'builder' && caps.filters ? <FilterBuilder vault={vault} refreshKey={refreshKey} filter={filter} onAdd={onFilter} onClose={() => setPanel('none')} /> : null}
      {panel === 'json' && caps.filters ? <JsonFilterEditor filter={filter} onChange={onFilter} /> : null}
    </section>
  );
}
