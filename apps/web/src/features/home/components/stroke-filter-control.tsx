import { STROKE_TYPES, type StrokeType } from '@thunderwatch/shared/strokes';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { filterActive, MAX_MIN_KA, NO_STROKE_FILTER, type StrokeFilter } from '../../../lib/stroke-filter';
import '../stroke-filter.css';

/** The filter in words: "CG only · |I| ≥ 20 kA". */
export function describeFilter(filter: StrokeFilter, t: TFunction): string {
  const parts: string[] = [];
  if (filter.types.length === 1) parts.push(t(`home.stroke_filter.only_${filter.types[0]}`));
  if (filter.minKa > 0) parts.push(t('home.stroke_filter.at_least', { ka: filter.minKa }));
  return parts.join(' · ');
}

interface StrokeFilterControlProps {
  filter: StrokeFilter;
  set: (patch: Partial<StrokeFilter>) => void;
}

/** Which strokes the map draws and counts: CG and/or IC, and a least |peak current|. */
export function StrokeFilterControl({ filter, set }: StrokeFilterControlProps) {
  const { t } = useTranslation();
  // What is typed stays while it is not a valid number yet; a filter set elsewhere (a scene) replaces it.
  const [text, setText] = useState({ of: filter.minKa, value: filter.minKa > 0 ? String(filter.minKa) : '' });
  const shownText = text.of === filter.minKa ? text.value : filter.minKa > 0 ? String(filter.minKa) : '';
  const toggle = (type: StrokeType, on: boolean) =>
    set({ types: on ? [...filter.types, type] : filter.types.filter((x) => x !== type) });
  const onKa = (value: string) => {
    const ka = value.trim() === '' ? 0 : Number(value);
    const valid = Number.isFinite(ka) && ka >= 0 && ka <= MAX_MIN_KA;
    const next = valid ? Math.round(ka * 10) / 10 : filter.minKa;
    setText({ of: next, value });
    if (valid) set({ minKa: next });
  };
  return (
    <fieldset className="stroke-filter">
      <legend>{t('home.stroke_filter.title')}</legend>
      <div className="stroke-filter-types">
        {STROKE_TYPES.map((type) => {
          const on = filter.types.includes(type);
          return (
            <label key={type} className="checkbox">
              <input
                type="checkbox"
                checked={on}
                // One type stays shown: hiding every stroke is the layer's own checkbox.
                disabled={on && filter.types.length === 1}
                onChange={(e) => toggle(type, e.target.checked)}
              />
              {t(`home.stroke_filter.type_${type}`)}
            </label>
          );
        })}
      </div>
      <label className="stroke-filter-ka">
        <span>{t('home.stroke_filter.min_ka')}</span>
        <span className="stroke-filter-value">
          <input
            type="number"
            inputMode="decimal"
            min={0}
            max={MAX_MIN_KA}
            step={5}
            placeholder="0"
            value={shownText}
            onChange={(e) => onKa(e.target.value)}
          />{' '}
          kA
        </span>
      </label>
      {filterActive(filter) && (
        <button
          type="button"
          className="button button-secondary button-small"
          onClick={() => {
            setText({ of: 0, value: '' });
            set(NO_STROKE_FILTER);
          }}
        >
          {t('home.stroke_filter.clear')}
        </button>
      )}
    </fieldset>
  );
}
