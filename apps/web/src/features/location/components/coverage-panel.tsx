import type { LocationCoverage } from '@thunderwatch/shared/schemas/distribution';
import { useTranslation } from 'react-i18next';
import { CoverageWarning } from '../../../components/coverage-warning';
import { ErrorMessage } from '../../../components/error-message';
import { useLocationCoverage } from '../../../lib/coverage';

type Told = LocationCoverage['levels'][number]['told'][number];

/** "Wang Lei (in-app)", "control@… (e-mail, after no confirmation)". */
function toldText(t: ReturnType<typeof useTranslation>['t'], r: Told): string {
  const how = t(`distribute.channel.${r.channel}`);
  return r.escalation
    ? t('coverage.told_escalation', { name: r.name, how })
    : t('coverage.told', { name: r.name, how });
}

/** Who this site's alarms would reach at each level its rings raise, and a warning where nobody is. */
export function CoveragePanel({ locationId }: { locationId: number }) {
  const { t } = useTranslation();
  const coverage = useLocationCoverage(locationId);
  const data = coverage.data;
  return (
    <section className="location-coverage" aria-labelledby="location-coverage-title">
      <h3 id="location-coverage-title">{t('coverage.title')}</h3>
      <ErrorMessage error={coverage.error} />
      {data && (
        <>
          <CoverageWarning
            locationId={locationId}
            untold={data.untold_levels}
            ringLevels={data.levels.length}
          />
          <ul className="location-coverage-levels">
            {data.levels.map(({ level, told }) => (
              <li key={level} data-testid={`coverage-level-${level}`}>
                <strong>{t(`location.level_short.${level}`)}</strong>{' '}
                {told.length === 0
                  ? t('coverage.nobody')
                  : told.map((r) => toldText(t, r)).join(t('coverage.list_separator'))}
              </li>
            ))}
          </ul>
          <p className="field-hint">{t('coverage.hint')}</p>
        </>
      )}
    </section>
  );
}
