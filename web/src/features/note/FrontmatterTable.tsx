// Frontmatter as a table of typed values; a value can be clicked to filter by it.
import type { FmValue, Frontmatter } from '../../../../worker/contract';
import { useI18n } from '../../i18n/i18n';

interface Props {
  frontmatter: Frontmatter;
  onFilter?(key: string, value: string | number | boolean): void;
}

function flatten(fm: Frontmatter, prefix = ''): [string, FmValue][] {
  const out: [string, FmValue][] = [];
  for (const [k, v] of Object.entries(fm)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object' && !Array.isArray(v)) out.push(...flatten(v, key));
    else out.push([key, v]);
  }
  return out;
}

export function FrontmatterTable({ frontmatter, onFilter }: Props) {
  const { t, formatNumber } = useI18n();
  const rows = flatten(frontmatter);
  if (!rows.length) return null;
  const scalar = (key: string, v: FmValue, i = 0) => {
    if (v === null) return <span key={i} className="muted">null</span>;
    if (typeof v === 'object') return <code key={i}>{JSON.stringify(v)}</code>;
    const text = typeof v === 'number' ? formatNumber(v) : String(v);
    return onFilter ? (
      <button key={i} type="button" className="fm-value" onClick={() => onFilter(key, v)} title={t('note.filterBy', { key, value: String(v) })}>
        {text}
      </button>
    ) : (
      <span key={i}>{text}</span>
    );
  };
  return (
    <table className="frontmatter" data-testid="frontmatter">
      <caption>{t('note.frontmatter')}</caption>
      <tbody>
        {rows.map(([k, v]) => (
          <tr key={k}>
            <th scope="row">{k}</th>
            <td>
              {Array.isArray(v) ? <span className="fm-list">{v.map((x, i) => scalar(k, x, i))}</span> : scalar(k, v)}
              <span className="fm-type muted"> {Array.isArray(v) ? t('type.list') : v === null ? '' : t(`type.${typeof v === 'number' ? 'num' : typeof v === 'boolean' ? 'bool' : 'str'}`)}</span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
