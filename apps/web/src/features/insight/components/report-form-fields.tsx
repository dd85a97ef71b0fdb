import { nameIn } from '@thunderwatch/shared/names';
import type { TemplateInfo } from '@thunderwatch/shared/schemas/insight';
import { useTranslation } from 'react-i18next';
import { useLocations } from '../../../lib/locations';
import { useCities, useProvinces } from '../../../lib/regions';
import type { ReportForm } from '../model/report-form';

interface ReportFormFieldsProps {
  templates: TemplateInfo[];
  form: ReportForm;
  onChange: (form: ReportForm) => void;
}

/** The template and the parameters it takes. */
export function ReportFormFields({ templates, form, onChange }: ReportFormFieldsProps) {
  const { t, i18n } = useTranslation();
  const zh = i18n.language === 'zh-Hans';
  const provinces = useProvinces();
  const cities = useCities(form.template === 'region_monthly' ? form.province : null);
  const locations = useLocations();
  const info = templates.find((x) => x.template === form.template);
  const set = <K extends keyof ReportForm>(key: K, value: ReportForm[K]) =>
    onChange({ ...form, [key]: value });
  return (
    <div className="ins-fields">
      <label>
        <span>{t('insight.template')}</span>
        <select
          value={form.template}
          onChange={(e) => set('template', e.target.value as ReportForm['template'])}
        >
          {templates.map((x) => (
            <option key={x.template} value={x.template}>
              {zh ? x.name['zh-Hans'] : x.name.en}
            </option>
          ))}
        </select>
      </label>
      {info && <p className="ins-hint">{zh ? info.description['zh-Hans'] : info.description.en}</p>}
      {form.template === 'region_monthly' && (
        <div className="ins-row">
          <label>
            <span>{t('insight.province')}</span>
            <select
              value={form.province}
              onChange={(e) => onChange({ ...form, province: e.target.value, city: '' })}
            >
              {provinces.data?.items.map((p) => (
                <option key={p.code} value={p.code}>
                  {zh ? p.name_zh : p.name_en}
                </option>
              ))}
            </select>
          </label>
          <label>
            <span>{t('insight.city')}</span>
            <select value={form.city} onChange={(e) => set('city', e.target.value)}>
              <option value="">{t('insight.whole_province')}</option>
              {cities.data?.items.map((c) => (
                <option key={c.code} value={c.code}>
                  {zh ? c.name_zh : c.name_en}
                </option>
              ))}
            </select>
          </label>
        </div>
      )}
      {form.template === 'site_annual' ? (
        <div className="ins-row">
          <label>
            <span>{t('insight.location')}</span>
            <select value={form.locationId} onChange={(e) => set('locationId', e.target.value)}>
              <option value="">{t('insight.choose')}</option>
              {locations.data?.items.map((l) => (
                <option key={l.id} value={l.id}>
                  {nameIn(i18n.language, l)}
                </option>
              ))}
            </select>
          </label>
          <label>
            <span>{t('insight.year')}</span>
            <input inputMode="numeric" value={form.year} onChange={(e) => set('year', e.target.value)} />
          </label>
        </div>
      ) : (
        <label>
          <span>{t('insight.month')}</span>
          <input type="month" value={form.month} onChange={(e) => set('month', e.target.value)} />
        </label>
      )}
      <label>
        <span>{t('insight.language')}</span>
        <select
          value={form.language}
          onChange={(e) => set('language', e.target.value as ReportForm['language'])}
        >
          <option value="zh-Hans">简体中文</option>
          <option value="en">English</option>
        </select>
      </label>
    </div>
  );
}
