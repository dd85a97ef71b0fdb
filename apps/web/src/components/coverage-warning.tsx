import { useTranslation } from 'react-i18next';
import { untoldText } from '../lib/coverage';

/** The site's alarms would reach nobody at these levels: said where the site is shown, before any storm. */
export function CoverageWarning({
  locationId,
  untold,
  ringLevels,
}: {
  locationId: number;
  untold: readonly number[] | undefined;
  /** How many levels the site raises (untold at all of them: "no one is notified"). */
  ringLevels?: number;
}) {
  const { t } = useTranslation();
  if (!untold || untold.length === 0) return null;
  return (
    <span className="coverage-warning" role="status" data-testid={`coverage-warning-${locationId}`}>
      {untoldText(t, untold, ringLevels)}
    </span>
  );
}
