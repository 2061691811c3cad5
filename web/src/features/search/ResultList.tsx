// Search hits: title, vault-relative path, highlighted snippet, tags (click to
// filter), chosen frontmatter fields as badges, score on hover.
import { useEffect, useRef } from 'react';
import type { Hit } from '../../engine/shapes';
import { useI18n } from '../../i18n/i18n';
import { TagButton } from '../../ui/TagButton';
import { valueText } from '../filters/filter-model';
import { Highlight } from './Highlight';
import { FileIcon } from '../../ui/icons';
import type { ItemHit } from '../../../../worker/contract';
import { isItemHit, ItemHitRow } from './ItemHitRow';

/** The snippet without its match markers, for the accessible name (screen readers hear the passage too). */
const plain = (s: string) => s.replace(/[\u0002\u0003]/g, '');

interface Props {
  hits: (Hit | ItemHit)[];
  active: number;
  badgeFields: string[];
  onOpen(hit: Hit): void;
  onTag(tag: string): void;
  /** Observation and relation hits open the note they are in, at their line (or a relation's target). */
  onOpenNote(vault: string, path: string, line?: number): void;
  openId: string | null;
  /** The line the open note was opened at, from an observation or relation hit. */
  openLine?: number | null;
}

export function ResultList({ hits, active, badgeFields, onOpen, onOpenNote, onTag, openId, openLine = null }: Props) {
  const { t, lang } = useI18n();
  const fmtScore = new Intl.NumberFormat(lang, { maximumSignificantDigits: 3 });
  const list = useRef<HTMLOListElement>(null);
  // A list that was not ranked (a filter or tag alone, in path order) has every score 0: no score is shown then.
  const ranked = hits.some((h) => h.score !== 0);
  useEffect(() => {
    list.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [active]);
  return (
    <ol className="hits results" ref={list} data-testid="results">
      {hits.map((h, i) => {
        if (isItemHit(h)) return <ItemHitRow key={h.id} hit={h} index={i} active={i === active} open={openId === `${h.vault}:${h.path}` && openLine === h.line} onOpen={onOpenNote} onTag={onTag} />;
        const fields = Object.entries(h.fields ?? {}).filter(([k, v]) => badgeFields.includes(k) && v !== null && v !== undefined);
        const score = ranked ? t('search.score', { score: fmtScore.format(h.score) }) : undefined;
        return (
          <li
            key={h.id}
            data-index={i}
            className={`hit${i === active ? ' active' : ''}${openId === h.id ? ' open' : ''}`}
            title={score}
            data-testid="hit"
          >
            {/* A button, not a link: Kioku runs in one tab at a time, so "open in a new tab" cannot work. */}
            <button
              type="button"
              className="hit-title"
              aria-label={`${h.title} — ${h.vault} · ${h.path}${h.snippet && h.snippet !== h.path ? `: ${plain(h.snippet)}` : ''}`}
              aria-current={openId === h.id ? 'true' : undefined}
              onClick={() => onOpen(h)}
            >
              {h.kind === 'file' ? <FileIcon /> : null}
              {h.title}
            </button>
            {ranked ? (
              <span className="hit-score" aria-hidden="true">
                {fmtScore.format(h.score)}
              </span>
            ) : null}
            <div className="hit-path">
              {h.vault} · {h.path}
            </div>
            {h.snippet && h.snippet !== h.path ? (
              <p className="hit-snippet">
                <Highlight text={h.snippet} />
              </p>
            ) : null}
            {h.tags.length || fields.length ? (
              <div className="hit-meta">
                {fields.map(([k, v]) => (
                  <span key={k} className="badge" title={k}>
                    <span className="badge-key">{k}</span> {valueText(v)}
                  </span>
                ))}
                {h.tags.map((tag) => (
                  <TagButton key={tag} tag={tag} onTag={onTag} />
                ))}
              </div>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
