import type { BacktestInput } from '@thunderwatch/shared/schemas/backtest';
import type { LocationDto } from '@thunderwatch/shared/schemas/locations';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field';
import { ErrorMessage } from '../../../components/error-message';
import { formatDateTime, zonedLocalToIso } from '../../../lib/time';
import { useBacktestPair } from '../api/run-backtest';
import { lastDay, startsBeforeSite } from '../model/backtest-compare';
import { type DraftProblem, draftFromLocation, parseRings, type RingDraft } from '../model/location-draft';
import { BacktestResults } from './backtest-results';
import { problemText } from './location-form';
import { RingsEditor } from './rings-editor';

/**
 * Backtest of the selected location: stored strokes of a range replayed through the warning rules with
 * its current rings (set A) and with an edited copy (set B), shown side by side. Nothing is saved.
 */
export function BacktestPanel({ location }: { location: LocationDto }) {
  const { t, i18n } = useTranslation();
  const [range, setRange] = useState(() => lastDay(new Date(), location.time_zone));
  /** Until the range is edited it is "the last 24 hours", taken again at each run (a panel left open). */
  const [rangeEdited, setRangeEdited] = useState(false);
  const [ringsB, setRingsB] = useState<RingDraft[]>(() => draftFromLocation(location).rings);
  const [problems, setProblems] = useState<DraftProblem[]>([]);
  /** Whether each set also replays predicted warnings (lightning jumps). */
  const [predicted, setPredicted] = useState({ a: false, b: false });
  const pair = useBacktestPair();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: DraftProblem[] = [];
    const rings = parseRings(ringsB, found);
    const asked = rangeEdited ? range : lastDay(new Date(), location.time_zone);
    if (asked !== range) setRange(asked);
    const from = zonedLocalToIso(asked.from, location.time_zone);
    const to = zonedLocalToIso(asked.to, location.time_zone);
    if (!from) found.push({ field: 'from', key: 'required' });
    if (!to) found.push({ field: 'to', key: 'required' });
    setProblems(found);
    if (found.length > 0 || !from || !to) return;
    const base: BacktestInput = { location_id: location.id, from, to };
    const withPrediction = (on: boolean) => (on ? { predicted: true } : {});
    pair.mutate({
      a: { ...base, ...withPrediction(predicted.a) },
      b: { ...base, rings, ...withPrediction(predicted.b) },
    });
  };

  return (
    <details className="backtest-panel" data-testid="backtest-panel">
      <summary>
        <h2>{t('backtest.title')}</h2>
      </summary>
      <p className="field-hint">{t('backtest.intro')}</p>
      <form onSubmit={submit} noValidate>
        <div className="backtest-range">
          <DateField
            id="backtest-from"
            label={t('backtest.from')}
            withTime
            value={range.from}
            onValueChange={(from) => {
              setRangeEdited(true);
              setRange((r) => ({ ...r, from }));
            }}
            hint={t('backtest.range_hint', { zone: location.time_zone })}
            timeZone={location.time_zone}
          />
          <DateField
            id="backtest-to"
            label={t('backtest.to')}
            withTime
            defaultTime="23:59:59"
            value={range.to}
            onValueChange={(to) => {
              setRangeEdited(true);
              setRange((r) => ({ ...r, to }));
            }}
            timeZone={location.time_zone}
          />
        </div>
        {startsBeforeSite(zonedLocalToIso(range.from, location.time_zone), location.created_at) && (
          <p className="field-hint backtest-before-site" data-testid="backtest-before-site">
            {t('backtest.before_site', {
              made: formatDateTime(location.created_at, location.time_zone, i18n.language),
            })}
          </p>
        )}
        <p className="field-hint">{t('backtest.predicted_hint')}</p>
        <div className="backtest-predicted-choice">
          {(['a', 'b'] as const).map((set) => (
            <label className="checkbox" key={set}>
              <input
                type="checkbox"
                data-testid={`backtest-predicted-${set}`}
                checked={predicted[set]}
                onChange={(event) => setPredicted((p) => ({ ...p, [set]: event.target.checked }))}
              />
              {t('backtest.with_prediction', { set: t(`backtest.set_${set}`) })}
            </label>
          ))}
        </div>
        <p className="field-hint">{t('backtest.set_b_hint')}</p>
        <RingsEditor rings={ringsB} onChange={setRingsB} invalid={new Set(problems.map((p) => p.field))} />
        {problems.length > 0 && (
          <ul className="field-error location-problems">
            {problems.map((problem) => (
              <li key={`${problem.field}:${problem.key}`}>
                {problem.field === 'from' || problem.field === 'to'
                  ? t('backtest.range_required')
                  : problemText(t, problem)}
              </li>
            ))}
          </ul>
        )}
        <ErrorMessage error={pair.error} />
        <div className="form-actions">
          <button type="submit" className="button" disabled={pair.isPending}>
            {pair.isPending ? t('backtest.running') : t('backtest.run')}
          </button>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => setRingsB(draftFromLocation(location).rings)}
          >
            {t('backtest.reset_b')}
          </button>
        </div>
      </form>
      {pair.data && <BacktestResults a={pair.data[0]} b={pair.data[1]} timeZone={location.time_zone} />}
    </details>
  );
}
