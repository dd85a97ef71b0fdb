import { type PolygonTextProblem, parsePolygonText } from '@thunderwatch/domain/geo/polygon-text';
import type { PolygonGeometry } from '@thunderwatch/shared/schemas/geo';
import type { TFunction } from 'i18next';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localeOf } from '../../lib/time';

/** Rings and positions counted from 0 in the problem become "the outline", "hole 2", "point 4". */
export function polygonProblemText(t: TFunction, problem: PolygonTextProblem, language: string): string {
  const locale = localeOf(language);
  const params: Record<string, string | number> = { ...problem.params };
  const ringName = (ring: number) =>
    ring === 0 ? t('map.paste.outline') : t('map.paste.hole', { number: ring });
  for (const key of ['ring', 'other'] as const) {
    if (typeof params[key] === 'number') params[key] = ringName(params[key]);
  }
  for (const key of ['position', 'from', 'to'] as const) {
    if (typeof params[key] === 'number') params[key] = params[key] + 1;
  }
  if (typeof params.positions === 'number') params.corners = params.positions - 1;
  if (typeof params.expected === 'string') params.expected = t(`map.paste.expected.${params.expected}`);
  for (const key of ['area', 'min', 'max', 'count'] as const) {
    if (typeof params[key] === 'number')
      params[key] = params[key].toLocaleString(locale, { maximumFractionDigits: 6 });
  }
  return t(`map.paste.problem.${problem.key}`, params);
}

interface PolygonPasteProps {
  /** Called with each pasted text that is a valid polygon. */
  onPolygon: (polygon: PolygonGeometry) => void;
}

/**
 * A folded box to paste a polygon as GeoJSON or WKT: each text that reads as a valid polygon (by the
 * server's rules) replaces the one on the map; otherwise the box says what is wrong.
 */
export function PolygonPaste({ onPolygon }: PolygonPasteProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const result = text.trim() ? parsePolygonText(text) : null;
  const onChange = (next: string) => {
    setText(next);
    const parsed = next.trim() ? parsePolygonText(next) : null;
    if (parsed?.ok) onPolygon(parsed.polygon);
  };
  return (
    <details className="polygon-paste">
      <summary>{t('map.paste.title')}</summary>
      <div className="field">
        <label htmlFor={`${id}-text`}>{t('map.paste.label')}</label>
        <textarea
          id={`${id}-text`}
          rows={4}
          value={text}
          onChange={(event) => onChange(event.target.value)}
          placeholder="POLYGON((113.2 23.1, 113.3 23.1, 113.3 23.2, 113.2 23.1))"
          spellCheck={false}
          autoComplete="off"
          aria-describedby={`${id}-hint ${id}-status`}
          aria-invalid={result && !result.ok ? true : undefined}
        />
        <small id={`${id}-hint`} className="field-hint">
          {t('map.paste.hint')}
        </small>
        <div id={`${id}-status`} aria-live="polite">
          {result?.ok && (
            <p className="draw-hint">
              {t(result.polygon.coordinates.length > 1 ? 'map.paste.read_holes' : 'map.paste.read', {
                vertices: (result.polygon.coordinates[0]?.length ?? 1) - 1,
                holes: result.polygon.coordinates.length - 1,
                format: result.format === 'wkt' ? 'WKT' : 'GeoJSON',
              })}
            </p>
          )}
          {result && !result.ok && (
            <ul className="field-error paste-problems">
              {result.problems.map((problem) => (
                <li key={`${problem.key}:${JSON.stringify(problem.params)}`}>
                  {polygonProblemText(t, problem, i18n.language)}
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </details>
  );
}
