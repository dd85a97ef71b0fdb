import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';

interface LayerErrorsProps {
  /** The stroke feed's failure, offered a retry. */
  feed: { error: unknown; retry: () => void };
  /** The failed calls of the other layers; `false` and null entries (layers off, no failure) show nothing. */
  errors: readonly unknown[];
}

/** The home map's failures: the stroke feed's with a retry button, then one message per failed layer. */
export function LayerErrors({ feed, errors }: LayerErrorsProps) {
  const { t } = useTranslation();
  return (
    <>
      {feed.error ? (
        <div className="home-panel">
          <ErrorMessage error={feed.error} />
          <button type="button" className="button button-secondary button-small" onClick={feed.retry}>
            {t('common.retry')}
          </button>
        </div>
      ) : null}
      {errors.map((error, i) =>
        // One fixed position per layer, so the index is a stable key.
        // biome-ignore lint/suspicious/noArrayIndexKey: one fixed slot per layer
        error ? <ErrorMessage key={i} error={error} /> : null,
      )}
    </>
  );
}
