import type { ReportDto } from '@thunderwatch/shared/schemas/insight';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';
import { Page } from '../../../components/page';
import { can, useCurrentUser } from '../../../lib/current-user';
import { saveBlob } from '../../../lib/download';
import { DEFAULT_TIME_ZONE } from '../../../lib/time';
import { getReportHtml, getReportPdf, useCreateReport, useReports, useTemplates } from '../api/reports';
import { emptyReportForm, type ReportForm, toParameters } from '../model/report-form';
import { ReportFormFields } from './report-form-fields';
import { ReportList } from './report-list';
import '../insight.css';

/**
 * Insight reports: pick a template and its parameters to have a report made (HTML, and PDF where the server
 * has Chromium); the group's reports with their status, opened in a sandboxed frame or downloaded as PDF.
 */
export function InsightScreen() {
  const { t, i18n } = useTranslation();
  const user = useCurrentUser();
  const timeZone = user.data?.time_zone ?? DEFAULT_TIME_ZONE;
  const templates = useTemplates();
  const reports = useReports();
  const create = useCreateReport();
  const [form, setForm] = useState<ReportForm>(() =>
    emptyReportForm(new Date(), i18n.language === 'zh-Hans' ? 'zh-Hans' : 'en', timeZone),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [open, setOpen] = useState<{ report: ReportDto; html: string } | null>(null);
  const canMake = can(user.data, 'location.update');

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const p = toParameters(form, timeZone);
    if ('problem' in p) {
      setProblem(t(`insight.problems.${p.problem}`));
      return;
    }
    setProblem(null);
    create.mutate(p);
  };
  const onOpen = async (report: ReportDto) => {
    try {
      setError(null);
      setOpen({ report, html: await getReportHtml(report.id) });
    } catch (e) {
      setError(e);
    }
  };
  const onPdf = async (report: ReportDto) => {
    try {
      setError(null);
      saveBlob(await getReportPdf(report.id), `${report.title}.pdf`);
    } catch (e) {
      setError(e);
    }
  };

  return (
    <Page title={t('screens.insight')} intro={t('insight.intro')}>
      <ErrorMessage error={templates.error ?? reports.error ?? create.error ?? error} />
      {canMake && templates.data && (
        <form className="ins-form" onSubmit={submit} noValidate>
          <h2>{t('insight.new')}</h2>
          <ReportFormFields templates={templates.data.items} form={form} onChange={setForm} />
          {problem && (
            <p className="alert alert-error" role="alert">
              {problem}
            </p>
          )}
          <button type="submit" className="button" disabled={create.isPending}>
            {t('insight.make')}
          </button>
        </form>
      )}
      <h2>{t('insight.reports')}</h2>
      <ReportList
        reports={reports.data?.items ?? []}
        loading={reports.isPending}
        timeZone={timeZone}
        onOpen={(r) => void onOpen(r)}
        onPdf={(r) => void onPdf(r)}
      />
      {open && (
        <section className="ins-preview" aria-label={open.report.title}>
          <div className="ins-preview-bar">
            <strong>{open.report.title}</strong>
            <button
              type="button"
              className="button button-small button-secondary"
              onClick={() => setOpen(null)}
            >
              {t('insight.close')}
            </button>
          </div>
          {/* The report's own HTML: no scripts run (sandbox without allow-scripts), nothing is fetched. */}
          <iframe
            title={open.report.title}
            srcDoc={open.html}
            sandbox=""
            className="ins-frame"
            data-testid="report-frame"
          />
        </section>
      )}
    </Page>
  );
}
