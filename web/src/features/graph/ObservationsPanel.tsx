// A note's observations grouped by category, each with its validity; dated
// ones also on a small timeline (one bar per claim over the span they cover
// together), so "Redis until 27 July, Memcached from then on" reads at a glance.
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

const W = 320;
const ROW = 16;

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
  const x = (ms: number | null, open: number) => (ms === null ? open : 8 + ((ms - lo) / range) * (W - 16));
  const day = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' });
  const height = spans.length * ROW + 18;
  return (
    <svg className="obs-timeline" role="img" aria-label={t('validity.timeline')} width="100%" viewBox={`0 0 ${W} ${height}`} data-testid="timeline">
      {spans.map((s, i) => {
        const x1 = x(s.span[0], 0);
        const x2 = Math.max(x(s.span[1], W), x1 + 2);
        return (
          <g key={i}>
            <title>{`${s.o.content} — ${text(s.a.valid_during)}`}</title>
            <rect x={x1} y={i * ROW + 3} width={x2 - x1} height={ROW - 6} rx={3} className={`bar${s.span[1] === null ? ' open' : ''}`} />
          </g>
        );
      })}
      <text x={x(min, 0)} y={height - 3} className="tick">
        {day.format(new Date(min))}
      </text>
      {max > min ? (
        <text x={x(max, W)} y={height - 3} className="tick" textAnchor="end">
          {day.format(new Date(max))}
        </text>
      ) : null}
    </svg>
  );
}
