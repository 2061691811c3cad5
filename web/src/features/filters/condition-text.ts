// How a condition reads on a chip: "status = draft", "confidence > 0.7". An
// operator with no chip sentence of its own reads "key <its label> value".
import type { Translate } from '../../i18n/i18n';
import { valueText, type Condition, type OpId } from './filter-model';

export const OP_SYMBOL: Partial<Record<OpId, string>> = {
  eq: '=', in: '∈', nin: '∉', all: '⊇', contains: '∋', gt: '>', gte: '≥', lt: '<', lte: '≤', between: '↔', exists: '✓', empty: '∅',
};

export function conditionText(c: Condition, t: Translate): string {
  switch (c.op) {
    case 'raw':
      return `${c.key} ${JSON.stringify(c.value)}`;
    case 'empty':
      return t('filter.chip.empty', { key: c.key });
    case 'exists':
      return t('filter.chip.exists', { key: c.key });
    case 'between': {
      const [a, b] = Array.isArray(c.value) ? c.value : [];
      return t('filter.chip.between', { key: c.key, min: valueText(a), max: valueText(b) });
    }
    case 'in':
      return t('filter.chip.in', { key: c.key, values: valueText(c.value) });
    case 'nin':
      return t('filter.chip.nin', { key: c.key, values: valueText(c.value) });
    case 'all':
      return c.key === 'tags' ? t('filter.chip.tags', { values: valueText(c.value) }) : t('filter.chip.all', { key: c.key, values: valueText(c.value) });
    case 'contains':
      return t('filter.chip.contains', { key: c.key, value: valueText(c.value) });
    default:
      return `${c.key} ${OP_SYMBOL[c.op] ?? t(`op.${c.op}`)} ${valueText(c.value)}`;
  }
}
