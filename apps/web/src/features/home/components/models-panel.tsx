import type { ModelDto, ModelId } from '@thunderwatch/shared/schemas/models';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';
import { localeOf, validZone } from '../../../lib/time';
import type { ModelOverlay } from '../hooks/use-model-overlay';
import { windowText } from '../model/model-frames';
import { runFailureText } from '../model/run-reason';

interface ModelsPanelProps {
  models: readonly ModelDto[] | undefined;
  error: unknown;
  overlay: ModelOverlay;
  /** Admins may start runs. */
  canRun: boolean;
  onRun: (id: ModelId) => void;
  running: boolean;
  runError: unknown;
  timeZone: string;
  phone: boolean;
}

type Localized = { 'zh-Hans': string; en: string };

/** A failed run's reason, worded in the reader's language (see `runFailureText`). */
function FailedRun({ run }: { run: NonNullable<ModelDto['last_run']> }) {
  const { t } = useTranslation();
  const reason = runFailureText(t, run);
  return (
    <span className="model-failed" title={reason.detail}>
      {t('home.models.failed', { reason: reason.text })}
    </span>
  );
}

/** The models with their state; pick one to draw its latest output; admins start runs and watch them. */
export function ModelsPanel(p: ModelsPanelProps) {
  const { t, i18n } = useTranslation();
  const local = (s: Localized) => (i18n.language === 'zh-Hans' ? s['zh-Hans'] : s.en);
  const { overlay } = p;
  const at = (iso: string) => shortTime(iso, p.timeZone, i18n.language);
  return (
    <details key={p.phone ? 'phone' : 'wide'} className="home-collapsible models-panel" open={!p.phone}>
      <summary>{t('home.models.title')}</summary>
      <ErrorMessage error={p.error} />
      <fieldset className="layer-switcher">
        <legend className="visually-hidden">{t('home.models.show')}</legend>
        <ul className="model-list">
          <li>
            <label className="checkbox">
              <input
                type="radio"
                name="model-shown"
                checked={overlay.shownId === null}
                onChange={() => overlay.show(null)}
              />
              {t('home.models.none')}
            </label>
          </li>
          {(p.models ?? []).map((m) => {
            const active = m.active_run;
            const viewable = m.last_run?.status === 'done' && m.last_run.has_output;
            return (
              <li key={m.id}>
                <label className="model-pick" title={local(m.description)}>
                  <input
                    type="radio"
                    name="model-shown"
                    checked={overlay.shownId === m.id}
                    disabled={!viewable}
                    onChange={() => overlay.show(m.id)}
                  />
                  {local(m.name)}
                </label>
                <div className="model-row">
                  <span className="model-state muted">
                    {m.status === 'not_configured' ? (
                      t('home.models.not_configured')
                    ) : active ? (
                      <>
                        {active.status === 'queued'
                          ? t('home.models.queued')
                          : t('home.models.running', { progress: active.progress })}
                        <progress max={100} value={active.progress} aria-label={local(m.name)} />
                      </>
                    ) : m.last_run?.status === 'failed' ? (
                      <FailedRun run={m.last_run} />
                    ) : m.last_run ? (
                      t('home.models.done', { time: at(m.last_run.finished_at ?? m.last_run.created_at) })
                    ) : (
                      t('home.models.never')
                    )}
                  </span>
                  {p.canRun && m.status === 'ready' && (
                    <button
                      type="button"
                      className="button button-secondary button-small"
                      disabled={Boolean(active) || p.running}
                      onClick={() => p.onRun(m.id)}
                    >
                      {t('home.models.run')}
                    </button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      </fieldset>
      <ErrorMessage error={p.runError} />
      <ErrorMessage error={overlay.error} />
      {overlay.model && overlay.output && <OverlayDetails overlay={overlay} local={local} at={at} />}
    </details>
  );
}

/** Month, day, hour and minute in the user's zone: enough to tell how fresh a run is. */
function shortTime(iso: string, timeZone: string, language: string): string {
  return new Intl.DateTimeFormat(localeOf(language), {
    timeZone: validZone(timeZone),
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
}

function OverlayDetails({
  overlay,
  local,
  at,
}: {
  overlay: ModelOverlay;
  local: (s: Localized) => string;
  at: (iso: string) => string;
}) {
  const { t } = useTranslation();
  const { model, output, frame, element } = overlay;
  if (!model || !output) return null;
  const nameOf = (id: string) => {
    const e = model.elements.find((x) => x.id === id);
    return e ? local(e.name) : id;
  };
  const windowLabel = (from: number, to: number) => {
    const w = windowText(from, to);
    return t(`home.models.window.${w.key}`, w);
  };
  const lowest = overlay.stops[0]?.[0];
  const facts = output.facts;
  return (
    <div className="model-details">
      {overlay.frames.length > 1 && (
        <select
          className="model-frame"
          aria-label={t('home.models.frame')}
          value={frame?.key ?? ''}
          onChange={(e) => overlay.setFrame(e.target.value)}
        >
          {overlay.frames.map((f) => (
            <option key={f.key} value={f.key}>
              {`${nameOf(f.element)} · ${windowLabel(f.fromMin, f.toMin)}`}
            </option>
          ))}
        </select>
      )}
      {frame && overlay.frames.length === 1 && (
        <p className="model-note">{`${nameOf(frame.element)} · ${windowLabel(frame.fromMin, frame.toMin)}`}</p>
      )}
      <ul className="density-legend" aria-label={t('home.models.legend', { name: local(model.name) })}>
        {overlay.stops.map(([value, colour]) => (
          <li key={value}>
            <span className="legend-swatch" style={{ background: colour }} />
            {`≥${value}${element?.unit === '%' ? '%' : ''}`}
          </li>
        ))}
      </ul>
      {element && element.unit !== '%' && <p className="model-note muted">{element.unit}</p>}
      {frame && lowest !== undefined && (frame.max === null || frame.max < lowest) && (
        <p className="model-note muted">
          {t('home.models.below', { value: lowest, unit: element?.unit ?? '' })}
        </p>
      )}
      {output.run.valid_at && (
        <p className="model-note muted">{t('home.models.valid_at', { time: at(output.run.valid_at) })}</p>
      )}
      {model.id === 'lightning_forecast' && (
        <p className="model-note muted">{t('home.models.note_forecast')}</p>
      )}
      {facts.dryness_applied === false && <p className="model-note muted">{t('home.models.note_dryness')}</p>}
    </div>
  );
}
