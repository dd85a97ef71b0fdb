import type { ZoneDto } from '@thunderwatch/shared/schemas/zones';
import type { TFunction } from 'i18next';
import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';
import { isApiError } from '../../../lib/api-error';
import { useImportZones } from '../api/import-zones';
import {
  type FileProblem,
  featureOfField,
  MAX_FILE_BYTES,
  type ParsedFile,
  parseGeoJsonFile,
} from '../model/geojson-file';

/** "Feature 4 (Harbour)" — counted from 1 as a person reads the file, named when the feature has a name. */
function featureLabel(t: TFunction, index: number, name: string | undefined): string {
  return name
    ? t('geometry.import.feature_named', { number: index + 1, name })
    : t('geometry.import.feature', { number: index + 1 });
}

function fileProblemText(t: TFunction, problem: FileProblem): string {
  const text = t(`geometry.import.problem.${problem.key}`, { type: problem.type, mb: problem.mb });
  return problem.index === undefined
    ? text
    : t('geometry.import.in_feature', {
        feature: featureLabel(t, problem.index, problem.name),
        problem: text,
      });
}

interface ZoneImportProps {
  onImported: (zones: ZoneDto[]) => void;
}

/** Import a GeoJSON file: checked here for what a person can fix, then all of its polygons become zones. */
export function ZoneImport({ onImported }: ZoneImportProps) {
  const { t } = useTranslation();
  const importZones = useImportZones();
  const input = useRef<HTMLInputElement>(null);
  const [parsed, setParsed] = useState<ParsedFile | null>(null);
  const [created, setCreated] = useState<number | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const document = parsed?.ok ? parsed.document : null;
  const error = importZones.error;
  const featureProblems =
    isApiError(error) && error.code === 'zone.invalid'
      ? error.details.map((detail) => {
          const feature = featureOfField(document, detail.field);
          const where = feature ? featureLabel(t, feature.index, feature.name) : detail.field;
          return { key: `${detail.field}:${detail.message}`, text: `${where}: ${detail.message}` };
        })
      : [];

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    importZones.reset();
    setCreated(null);
    const file = event.target.files?.[0];
    setFileName(file?.name ?? null);
    if (!file) return setParsed(null);
    // Read only files the server would take: a huge one is refused before it is loaded.
    setParsed(parseGeoJsonFile(file.size <= MAX_FILE_BYTES ? await file.text() : '', file.size));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!document) return;
    importZones.mutate(document, {
      onSuccess: (result) => {
        setCreated(result.created.length);
        setParsed(null);
        setFileName(null);
        if (input.current) input.current.value = '';
        onImported(result.created);
      },
    });
  };

  return (
    <form className="form zone-import" onSubmit={onSubmit} aria-labelledby="zone-import-title">
      <h2 id="zone-import-title">{t('geometry.import.title')}</h2>
      <div className="field">
        <label htmlFor="zone-import-file">{t('geometry.import.file')}</label>
        {/* The browser's own file button speaks the browser's language; this one speaks the user's. */}
        <div className="file-chooser">
          <input
            ref={input}
            id="zone-import-file"
            className="visually-hidden"
            type="file"
            accept=".geojson,.json,application/geo+json,application/json"
            aria-describedby="zone-import-hint"
            onChange={(event) => void onFile(event)}
          />
          <label
            htmlFor="zone-import-file"
            className="button button-secondary button-small"
            aria-hidden="true"
          >
            {t('geometry.import.choose')}
          </label>
          <span className="file-name">{fileName ?? t('geometry.import.no_file')}</span>
        </div>
        <small id="zone-import-hint" className="field-hint">
          {t('geometry.import.hint')}
        </small>
      </div>
      {parsed && !parsed.ok && (
        <div className="alert alert-error" role="alert">
          <p>{t('geometry.import.file_problems')}</p>
          <ul>
            {parsed.problems.map((problem) => (
              <li key={`${problem.key}:${problem.index ?? ''}`}>{fileProblemText(t, problem)}</li>
            ))}
          </ul>
        </div>
      )}
      {featureProblems.length > 0 ? (
        <div className="alert alert-error" role="alert">
          <p>{t('errors.zone.invalid')}</p>
          <ul>
            {featureProblems.map((problem) => (
              <li key={problem.key}>{problem.text}</li>
            ))}
          </ul>
        </div>
      ) : (
        <ErrorMessage error={error} />
      )}
      {created !== null && (
        <p className="alert alert-success" role="status">
          {t('geometry.import.done', { count: created })}
        </p>
      )}
      <div className="form-actions">
        <button
          type="submit"
          className="button button-secondary"
          disabled={!document || importZones.isPending}
        >
          {parsed?.ok
            ? t('geometry.import.submit_count', { count: parsed.count })
            : t('geometry.import.submit')}
        </button>
      </div>
    </form>
  );
}
