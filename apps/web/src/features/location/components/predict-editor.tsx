import { PREDICT_LIMITS, type RingLevel } from '@thunderwatch/shared/warnings';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/field';
import type { PredictDraft } from '../model/location-draft';

const LEVELS: RingLevel[] = [3, 2, 1];

interface PredictEditorProps {
  predict: PredictDraft;
  onChange: (predict: PredictDraft) => void;
  /** The range's problem in the user's language, if any. */
  rangeProblem: string | null;
}

/** Early warning from storm cells: off by default; the range a jumping cell must come within, and the level. */
export function PredictEditor({ predict, onChange, rangeProblem }: PredictEditorProps) {
  const { t } = useTranslation();
  const set = (patch: Partial<PredictDraft>) => onChange({ ...predict, ...patch });
  return (
    <fieldset className="predict-editor">
      <legend>{t('location.predict.title')}</legend>
      <p className="field-hint">{t('location.predict.hint')}</p>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={predict.enabled}
          onChange={(event) => set({ enabled: event.target.checked })}
        />
        {t('location.predict.enabled')}
      </label>
      {predict.enabled && (
        <div className="form-grid form-grid-dense">
          <Field
            id="predict-range"
            label={t('location.predict.range_km')}
            type="number"
            inputMode="decimal"
            min={PREDICT_LIMITS.minRangeKm}
            max={PREDICT_LIMITS.maxRangeKm}
            step="1"
            value={predict.range_km}
            onValueChange={(range_km) => set({ range_km })}
            hint={t('location.predict.range_hint')}
            error={rangeProblem}
          />
          <div className="field">
            <label htmlFor="predict-level">{t('location.predict.level')}</label>
            <select
              id="predict-level"
              value={predict.level}
              onChange={(event) => set({ level: Number(event.target.value) as RingLevel })}
              aria-describedby="predict-level-hint"
            >
              {LEVELS.map((level) => (
                <option key={level} value={level}>
                  {t(`location.level_short.${level}`)}
                </option>
              ))}
            </select>
            <small id="predict-level-hint" className="field-hint">
              {t('location.predict.level_hint')}
            </small>
          </div>
        </div>
      )}
    </fieldset>
  );
}
