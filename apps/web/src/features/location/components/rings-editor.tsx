import { LEVEL_COLOURS, RING_LIMITS, type RingLevel } from '@thunderwatch/shared/warnings';
import { useTranslation } from 'react-i18next';
import { nextRing, type RingDraft } from '../model/location-draft';

const LEVELS: RingLevel[] = [3, 2, 1];
type NumberKey = 'radius_km' | 'all_clear_min' | 'min_strokes' | 'window_min';

interface RingsEditorProps {
  rings: RingDraft[];
  onChange: (rings: RingDraft[]) => void;
  /** Fields (`rings/0/radius_km`) with a problem, client-side or from the server. */
  invalid: ReadonlySet<string>;
}

/**
 * One row per ring: radius, level, all-clear countdown, noise threshold, and whether IC strokes count (on a
 * phone each ring is a card of labelled fields: location.css).
 */
export function RingsEditor({ rings, onChange, invalid }: RingsEditorProps) {
  const { t } = useTranslation();
  const set = (index: number, patch: Partial<RingDraft>) =>
    onChange(rings.map((ring, i) => (i === index ? { ...ring, ...patch } : ring)));

  const numberCell = (ring: RingDraft, index: number, key: NumberKey, step: string) => {
    const id = `ring-${index}-${key}`;
    return (
      <td data-label={t(`location.rings.${key}`)}>
        <label htmlFor={id} className="visually-hidden">
          {t('location.rings.field_of_ring', { field: t(`location.rings.${key}`), ring: index + 1 })}
        </label>
        <input
          id={id}
          type="number"
          inputMode="decimal"
          step={step}
          min={key === 'radius_km' ? RING_LIMITS.minRadiusKm : 1}
          value={ring[key]}
          aria-invalid={invalid.has(`rings/${index}/${key}`) || undefined}
          onChange={(event) => set(index, { [key]: event.target.value })}
        />
      </td>
    );
  };

  return (
    <fieldset className="rings-editor">
      <legend>{t('location.rings.title')}</legend>
      <p className="field-hint">{t('location.rings.hint')}</p>
      <div className="table-wrap">
        <table className="table table-dense rings-table" aria-invalid={invalid.has('rings') || undefined}>
          <thead>
            <tr>
              <th scope="col">{t('location.rings.radius_km')}</th>
              <th scope="col">{t('location.rings.level')}</th>
              <th scope="col">{t('location.rings.all_clear_min')}</th>
              <th scope="col">{t('location.rings.min_strokes')}</th>
              <th scope="col">{t('location.rings.window_min')}</th>
              <th scope="col" title={t('location.rings.include_ic')}>
                {t('location.rings.ic_header')}
              </th>
              <th scope="col">
                <span className="visually-hidden">{t('common.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rings.map((ring, index) => (
              // Rows have no identity of their own; the index is what the server's field names use too.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <tr key={index}>
                {numberCell(ring, index, 'radius_km', '0.1')}
                <td data-label={t('location.rings.level')}>
                  <label htmlFor={`ring-${index}-level`} className="visually-hidden">
                    {t('location.rings.field_of_ring', { field: t('location.rings.level'), ring: index + 1 })}
                  </label>
                  <select
                    id={`ring-${index}-level`}
                    value={ring.level}
                    className="ring-level"
                    style={{ borderLeftColor: LEVEL_COLOURS[ring.level] }}
                    aria-invalid={invalid.has(`rings/${index}/level`) || undefined}
                    onChange={(event) => set(index, { level: Number(event.target.value) as RingLevel })}
                  >
                    {LEVELS.map((level) => (
                      <option key={level} value={level}>
                        {t(`location.level_short.${level}`)}
                      </option>
                    ))}
                  </select>
                </td>
                {numberCell(ring, index, 'all_clear_min', '1')}
                {numberCell(ring, index, 'min_strokes', '1')}
                {numberCell(ring, index, 'window_min', '1')}
                <td className="rings-ic" data-label={t('location.rings.ic_header')}>
                  <input
                    type="checkbox"
                    checked={ring.include_ic}
                    aria-label={t('location.rings.field_of_ring', {
                      field: t('location.rings.include_ic'),
                      ring: index + 1,
                    })}
                    onChange={(event) => set(index, { include_ic: event.target.checked })}
                  />
                </td>
                <td className="rings-remove">
                  <button
                    type="button"
                    className="button button-small button-secondary"
                    disabled={rings.length <= 1}
                    onClick={() => onChange(rings.filter((_, i) => i !== index))}
                    aria-label={t('location.rings.remove_ring', { ring: index + 1 })}
                  >
                    ×
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div>
        <button
          type="button"
          className="button button-small button-secondary"
          disabled={rings.length >= RING_LIMITS.maxRings}
          onClick={() => onChange([...rings, nextRing(rings)])}
        >
          {t('location.rings.add')}
        </button>
      </div>
    </fieldset>
  );
}
