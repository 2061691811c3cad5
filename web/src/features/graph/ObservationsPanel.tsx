// A note's observations grouped by category, each with its validity; dated
// ones also on a small timeline (one labelled bar per claim over the span
// they cover together), so "Redis until 27 July, Memcached from then on"
// reads at a glance.
import './graph.css';
import type { ReadNoteResult } from '../../../../worker/contract';
import { useI18n } from '../../i18n/i18n';
import { TagButton } from '../../ui/TagButton';
import { useValidityText } from './use-validity-format';
import { validitySpan } from './validity';

type Obs = ReadNoteResult['observations'][number];

interface Props {
  observations: Obs[];
  onTag(tag: string): void;
}

export function ObservationsPanel({ observations, onTag }: Props) {
  const { t } = useI18n();
  const text = useValidityText();
  if (!observations.length) return null;
  const groups = new Map<string, Obs[]>();
  for (const o of observations) groups.set(o.category, [...(groups.get(o.category) ?? []), o]);
  const dated = observations.filter((o) => o.temporal.some((a) => !a.valid_during.is_empty));
  return (
    <section className="note-section" aria-labelledby="obs-title" data-testid="observations">
      <h2 id="obs-title">{t('note.observations', { count: observations.length })}</h2>
      {[...groups].map(([category, list]) => (
        <div key={category} className="obs-group">
          <h3 className="obs-category">
            <span className="badge">{category}</span> <span className="muted">{list.length}</span>
          </h3>
          <ul className="observations">
            {list.map((o) => (
              <li key={o.line} data-testid="observation">
                {o.content}
                {o.tags.map((tag) => (
                  <TagButton key={tag} tag={tag} onTag={onTag} />
                ))}
                {o.context ? <span className="muted"> ({o.context})</span> : null}
                {o.temporal.map((a, i) => (
                  <span key={i} className="validity" title={a.source_text} data-testid="validity">
                    {t(`validity.kind.${a.kind}` as 'validity.kind.valid')} {text(a.valid_during)}
                  </span>
                ))}
              </li>
            ))}
          </ul>
        </div>
      ))}
      {dated.length ? <Timeline observations={dated} /> : null}
    </section>
  );
}

function Timeline({ observations }: { observations: Obs[] }) {
  const { t, lang } = useI18n();
  const text = useValidityText();
  const spans = observations.flatMap((o) => o.temporal.filter((a) => !a.valid_during.is_empty).map((a) => ({ o, a, span: validitySpan(a.valid_during) })));
  const ends = spans.flatMap((s) => s.span.filter((x): x is number => x !== null));
  const min = Math.min(...ends);
  const max = Math.max(...ends);
  // One day of room when every bound is the same instant, so bars never divide by zero;
  // open ends get a fifth of the span beyond the last bound, so "from then on" shows as a bar.
  const span = Math.max(max - min, 86_400_000);
  const padLo = spans.some((s) => s.span[0] === null) ? span * 0.2 : 0;
  const padHi = spans.some((s) => s.span[1] === null) ? span * 0.2 : 0;
  const lo = min - padLo;
  const range = span + padLo + padHi;
  const pct = (ms: number | null, open: number) => (ms === null ? open : ((ms - lo) / range) * 100);
  const day = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' });
  return (
    <div className="obs-timeline" role="group" aria-label={t('validity.timeline')} data-testid="timeline">
      {spans.map((s, i) => {
        const left = pct(s.span[0], 0);
        const width = Math.max(pct(s.span[1], 100) - left, 0.8);
        const label = s.o.content;
        return (
          <div key={i} className="timeline-row" data-testid="timeline-row" title={`${label} — ${text(s.a.valid_during)}`}>
            <span className="timeline-label">{label}</span>
            <span className="timeline-track" aria-hidden="true">
              <span className={`bar${s.span[1] === null ? ' open' : ''}`} style={{ left: `${left}%`, width: `${width}%` }} />
            </span>
          </div>
        );
      })}
      <div className="timeline-row timeline-axis" aria-hidden="true">
        <span className="timeline-label" />
        <span className="timeline-track">
          <span className="tick" style={{ left: `${pct(min, 0)}%` }}>{day.format(new Date(min))}</span>
          {max > min ? <span className="tick end" style={{ right: `${100 - pct(max, 100)}%` }}>{day.format(new Date(max))}</span> : null}
        </span>
      </div>
    </div>
  );
}
