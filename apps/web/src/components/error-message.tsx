import { useTranslation } from 'react-i18next';
import { isApiError } from '../lib/api-error';

interface ErrorMessageProps {
  error: unknown;
}

/** A failed call in the user's language: `errors.<code>`, the wait of a 429/503, and the bad fields. */
export function ErrorMessage({ error }: ErrorMessageProps) {
  const { t } = useTranslation();
  if (!error) return null;
  const code = isApiError(error) ? error.code : 'unknown';
  return (
    <div className="alert alert-error" role="alert">
      <p>{t(`errors.${code}`)}</p>
      {isApiError(error) && error.retryAfter !== null && error.retryAfter > 0 && (
        <p>{t('common.retry_after', { seconds: error.retryAfter })}</p>
      )}
      {isApiError(error) && error.details.length > 0 && (
        <ul>
          {error.details.map((detail) => (
            <li key={`${detail.field}:${detail.message}`}>
              <code>{detail.field}</code>: {detail.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
