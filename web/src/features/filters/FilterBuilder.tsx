// Field → operator → value, with everything offered from the discovered
// fields: their types decide the operators, their frequent values are offered
// as suggestions, and the operator's operand shape (from the engine's table)
// decides the inputs. Produces one condition of the filter language.
import { useMemo, useState } from 'react';
import { useI18n } from '../../i18n/i18n';
import { fieldTypes, type FieldInfo } from '../../engine/shapes';
import type { Filter } from '../../state/url-state';
import { addCondition, operandOf, typedList, typedValue, valueText, type OpId } from './filter-model';
import { operatorsFor, prefersString } from './operators';
import { useFields } from './use-fields';

interface Props {
  vault: string | null;
  refreshKey: number;
  filter: Filter | null;
  onAdd(f: Filter): void;
  onClose(): void;
}

const NO_FIELDS: FieldInfo[] = [];

export function FilterBuilder({ vault, refreshKey, filter, onAdd, onClose }: Props) {
  const { t, formatNumber } = useI18n();
  // Suggestions follow once the engine has listed the fields; a key can be typed meanwhile.
  const fields = useFields(vault, refreshKey) ?? NO_FIELDS;
  const [key, setKey] = useState('');
  const [op, setOp] = useState<OpId | ''>('');
  const [value, setValue] = useState('');
  const [max, setMax] = useState('');
  const field = fields.find((f) => f.key === key.trim());
  const types = useMemo(() => (field ? fieldTypes(field) : []), [field]);
  const ops = useMemo(() => operatorsFor(field && { types, operators: field.operators }), [field, types]);
  const chosenOp: OpId = op && ops.includes(op) ? op : ops[0];
  const asString = prefersString(types);
  const shape = operandOf(chosenOp);
  const needsValue = shape !== null && shape !== 'boolean';
  const isList = shape === 'values';
  const isRange = shape === 'range';
  const ready = key.trim() !== '' && (!needsValue || (value.trim() !== '' && (!isRange || max.trim() !== '')));

  const submit = () => {
    if (!ready) return;
    let v: unknown = null;
    if (isList) v = typedList(value, asString);
    else if (isRange) v = [typedValue(value), typedValue(max)];
    else if (needsValue) v = typedValue(value, asString && shape === 'value');
    onAdd(addCondition(filter, key.trim(), chosenOp, v));
    setValue('');
    setMax('');
  };

  const pickValue = (v: unknown) => {
    const text = valueText(v);
    if (isList && value.trim()) setValue(`${value.replace(/,\s*$/, '')}, ${text}`);
    else setValue(text);
  };

  return (
    <form
      className="filter-builder"
      aria-label={t('filter.builder')}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <label>
        <span>{t('filter.field')}</span>
        <input list="filter-fields" value={key} onChange={(e) => setKey(e.target.value)} placeholder={t('filter.fieldPlaceholder')} autoComplete="off" data-testid="filter-field" />
        <datalist id="filter-fields">
          {fields.filter((f) => f.filterable !== false).map((f) => (
            <option key={f.key} value={f.key}>
              {t('filter.fieldOption', { key: f.key, count: f.notes, types: fieldTypes(f).join(', ') })}
            </option>
          ))}
        </datalist>
      </label>
      <label>
        <span>{t('filter.operator')}</span>
        <select value={chosenOp} onChange={(e) => setOp(e.target.value as OpId)} data-testid="filter-op">
          {ops.map((o) => (
            <option key={o} value={o}>
              {t(`op.${o}`)}
            </option>
          ))}
        </select>
      </label>
      {needsValue ? (
        <label>
          <span>{isRange ? t('filter.min') : isList ? t('filter.values') : t('filter.value')}</span>
          <input
            list={field?.values.length ? 'filter-values' : undefined}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            placeholder={isList ? t('filter.listPlaceholder') : ''}
            autoComplete="off"
            data-testid="filter-value"
          />
        </label>
      ) : null}
      {isRange ? (
        <label>
          <span>{t('filter.max')}</span>
          <input value={max} onChange={(e) => setMax(e.target.value)} autoComplete="off" />
        </label>
      ) : null}
      <datalist id="filter-values">
        {field?.values.map((v) => (
          <option key={valueText(v.value)} value={valueText(v.value)} />
        ))}
      </datalist>
      {needsValue && field?.values.length ? (
        <div className="frequent" aria-label={t('filter.frequent')}>
          <span className="muted">{t('filter.frequent')}</span>
          {field.values.slice(0, 10).map((v) => (
            <button type="button" className="chip-button" key={valueText(v.value)} onClick={() => pickValue(v.value)}>
              {valueText(v.value) || '""'} <span className="muted">{v.count ? formatNumber(v.count) : ''}</span>
            </button>
          ))}
        </div>
      ) : null}
      <div className="builder-actions">
        <button type="submit" disabled={!ready}>
          {t('filter.add')}
        </button>
        <button type="button" className="secondary" onClick={onClose}>
          {t('common.close')}
        </button>
      </div>
    </form>
  );
}
