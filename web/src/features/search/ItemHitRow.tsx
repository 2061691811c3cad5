// One observation or relation hit: its own line (category or relation type,
// the text with matches marked, validity), and a link to the note it is in.
import type { ObservationHit, RelationHit } from '../../../../worker/contract';
import { useI18n } from '../../i18n/i18n';
import { TagButton } from '../../ui/TagButton';
import { useValidityText } from '../graph/use-validity-format';
import { Highlight } from './Highlight';

interface Props {
  hit: ObservationHit | RelationHit;
  index: number;
  active: boolean;
  /** Its note is the one open, at this hit's line. */
  open: boolean;
  /** Opens a note from this hit: its own note at its line (the hit's words marked), or a relation's target. */
  onOpen(vault: string, path: string, line?: number): void;
  onTag(tag: string): void;
}

/** Observation and relation hits say so; note and file hits have no entity_type (or "entity"). */
export const isItemHit = (h: object): h is ObservationHit | RelationHit =>
  'entity_type' in h && (h.entity_type === 'observation' || h.entity_type === 'relation');

export function ItemHitRow({ hit, index, active, open, onOpen, onTag }: Props) {
  const { t } = useI18n();
  const text = useValidityText();
  return (
    <li key={hit.id} data-index={index} className={`hit item-hit${active ? ' active' : ''}${open ? ' open' : ''}`} data-testid="hit" data-entity={hit.entity_type}>
      <div className="item-line">
        {hit.entity_type === 'observation' ? (
          <>
            <span className="badge">{hit.category}</span>{' '}
            <Highlight text={hit.snippet || hit.content} />
            {hit.tags.map((tag) => (
              <TagButton key={tag} tag={tag} onTag={onTag} />
            ))}
            {hit.temporal?.map((a, i) => (
              <span key={i} className="validity" title={a.source_text} data-testid="validity">
                {t(`validity.kind.${a.kind}` as 'validity.kind.valid')} {text(a.valid_during)}
              </span>
            ))}
          </>
        ) : (
          <>
            <span className="relation-kind">{hit.relation_type}</span>{' '}
            {hit.target_path ? (
              <button type="button" className="link-button" onClick={() => onOpen(hit.vault, hit.target_path!)}>
                {hit.target_title ?? hit.target}
              </button>
            ) : (
              <>
                <span className="unresolved">{hit.target}</span> <span className="unresolved-badge">{t('note.unresolvedBadge')}</span>
              </>
            )}
          </>
        )}
      </div>
      <div className="hit-path">
        <button type="button" className="link-button" onClick={() => onOpen(hit.vault, hit.path, hit.line)} aria-current={open ? 'true' : undefined} data-testid="parent-note">
          {hit.title}
        </button>{' '}
        · {hit.vault} · {t('search.line', { line: hit.line, path: hit.path })}
      </div>
    </li>
  );
}
