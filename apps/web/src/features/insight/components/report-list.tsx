import type { ReportDto } from '@thunderwatch/shared/schemas/insight';
import { useTranslation } from 'react-i18next';
import { EmptyTableRow } from '../../../components/empty-table-row';
import { failureWords } from '../../../lib/failure-words';
import { formatDateTime } from '../../../lib/time';

interface ReportListProps {
  reports: ReportDto[];
  loading: boolean;
  timeZone: string;
  onOpen: (report: ReportDto) => void;
  onPdf: (report: ReportDto) => void;
}

/** My group's reports, newest first, with their status and what can be opened. */
export function ReportList({ reports, loading, timeZone, onOpen, onPdf }: ReportListProps) {
  const { t, i18n } = useTranslation();
  return (
    <div className="table-wrap">
      <table className="table table-dense" data-testid="report-list">
        <thead>
          <tr>
            <th scope="col">{t('insight.title')}</th>
            <th scope="col">{t('insight.status_label')}</th>
            <th scope="col">{t('insight.made')}</th>
            <th scope="col">{t('insight.actions')}</th>
          </tr>
        </thead>
        <tbody>
          <EmptyTableRow
            empty={reports.length === 0}
            loading={loading}
            columns={4}
            emptyText={t('insight.none')}
          />
          {reports.map((r) => (
            <tr key={r.id} data-report={r.id}>
              <td>{r.title}</td>
              <td>
                <span className={`badge ins-status-${r.status}`}>{t(`insight.status.${r.status}`)}</span>
                {r.error && (
                  <small className="field-hint ins-reason" data-testid="report-failed">
                    {failureWords(t, i18n.language, r.error)}
                  </small>
                )}
              </td>
              <td>{formatDateTime(r.finished_at ?? r.created_at, timeZone, i18n.language)}</td>
              <td className="ins-actions">
                {r.status === 'done' && (
                  <>
                    <button
                      type="button"
                      className="button button-small button-secondary"
                      onClick={() => onOpen(r)}
                    >
                      {t('insight.open')}
                    </button>
                    <button
                      type="button"
                      className="button button-small button-secondary"
                      disabled={!r.has_pdf}
                      // Why there is no PDF, in the reader's language (the server's note names its setting).
                      title={r.has_pdf ? undefined : t('errors.report.no_pdf')}
                      onClick={() => onPdf(r)}
                    >
                      PDF
                    </button>
                  </>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
