import type { StrokeQuerySpec } from '@thunderwatch/shared/schemas/stroke-query';
import { useTranslation } from 'react-i18next';
import { useCities, useProvinces } from '../../../lib/regions';
import { useZoneChoices } from '../../../lib/zone-choices';
import { DrawPolygonControls } from '../../../map/sites/draw-polygon-controls';
import type { PolygonDraft } from '../../../map/sites/polygon-draft';
import type { AreaKind, QueryForm } from '../model/query-form';

const AREA_KINDS: AreaKind[] = ['province', 'city', 'zone', 'radius', 'polygon', 'bbox'];
const GROUPS: StrokeQuerySpec['group_by'][] = ['day', 'hour', 'month', 'region'];

interface QueryFormFieldsProps {
  form: QueryForm;
  onChange: (form: QueryForm) => void;
  draft: PolygonDraft;
  onDraftChange: (draft: PolygonDraft) => void;
}

/** The query builder's fields: the area (its own inputs per kind), the days, the filters and the grouping. */
export function QueryFormFields({ form, onChange, draft, onDraftChange }: QueryFormFieldsProps) {
  const { t, i18n } = useTranslation();
  const zh = i18n.language === 'zh-Hans';
  const provinces = useProvinces();
  const cities = useCities(form.areaKind === 'city' ? form.province : null);
  const zones = useZoneChoices();
  const set = <K extends keyof QueryForm>(key: K, value: QueryForm[K]) => onChange({ ...form, [key]: value });
  const regionName = (r: { name_zh: string; name_en: string }) => (zh ? r.name_zh : r.name_en);
  return (
    <div className="sq-fields">
      <label>
        <span>{t('statistics_query.area')}</span>
        <select
          value={form.areaKind}
          onChange={(e) => set('areaKind', e.target.value as AreaKind)}
          name="area-kind"
        >
          {AREA_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`statistics_query.area_kinds.${k}`)}
            </option>
          ))}
        </select>
      </label>
      {(form.areaKind === 'province' || form.areaKind === 'city') && (
        <label>
          <span>{t('statistics_query.province')}</span>
          <select
            value={form.province}
            onChange={(e) => onChange({ ...form, province: e.target.value, city: '' })}
          >
            {provinces.data?.items.map((p) => (
              <option key={p.code} value={p.code}>
                {regionName(p)}
              </option>
            ))}
          </select>
        </label>
      )}
      {form.areaKind === 'city' && (
        <label>
          <span>{t('statistics_query.city')}</span>
          <select value={form.city} onChange={(e) => set('city', e.target.value)}>
            <option value="">{t('statistics_query.choose')}</option>
            {cities.data?.items.map((c) => (
              <option key={c.code} value={c.code}>
                {regionName(c)}
              </option>
            ))}
          </select>
        </label>
      )}
      {form.areaKind === 'zone' && (
        <label>
          <span>{t('statistics_query.zone')}</span>
          <select value={form.zone} onChange={(e) => set('zone', e.target.value)}>
            <option value="">{t('statistics_query.choose')}</option>
            {zones.data?.items.map((z) => (
              <option key={z.id} value={z.id}>
                {z.name}
              </option>
            ))}
          </select>
        </label>
      )}
      {form.areaKind === 'radius' && (
        <>
          <p className="sq-hint">{t('statistics_query.pick_hint')}</p>
          <div className="sq-row">
            <label>
              <span>{t('statistics_query.lat')}</span>
              <input inputMode="decimal" value={form.lat} onChange={(e) => set('lat', e.target.value)} />
            </label>
            <label>
              <span>{t('statistics_query.lon')}</span>
              <input inputMode="decimal" value={form.lon} onChange={(e) => set('lon', e.target.value)} />
            </label>
            <label>
              <span>{t('statistics_query.radius_km')}</span>
              <input
                inputMode="decimal"
                value={form.radiusKm}
                onChange={(e) => set('radiusKm', e.target.value)}
              />
            </label>
          </div>
        </>
      )}
      {form.areaKind === 'polygon' && <DrawPolygonControls draft={draft} onChange={onDraftChange} />}
      {form.areaKind === 'bbox' && (
        <div className="sq-row">
          {(['west', 'south', 'east', 'north'] as const).map((side) => (
            <label key={side}>
              <span>{t(`statistics_query.${side}`)}</span>
              <input
                inputMode="decimal"
                value={form.bbox[side]}
                onChange={(e) => set('bbox', { ...form.bbox, [side]: e.target.value })}
              />
            </label>
          ))}
        </div>
      )}
      <div className="sq-row">
        <label>
          <span>{t('statistics_query.from')}</span>
          <input
            type="date"
            value={form.fromDate}
            onChange={(e) => set('fromDate', e.target.value)}
            required
          />
        </label>
        <label>
          <span>{t('statistics_query.to')}</span>
          <input type="date" value={form.toDate} onChange={(e) => set('toDate', e.target.value)} required />
        </label>
      </div>
      <div className="sq-row">
        <label>
          <span>{t('statistics_query.type')}</span>
          <select value={form.type} onChange={(e) => set('type', e.target.value as QueryForm['type'])}>
            <option value="all">{t('statistics_query.all')}</option>
            <option value="CG">{t('statistics_query.cg')}</option>
            <option value="IC">{t('statistics_query.ic')}</option>
          </select>
        </label>
        <label>
          <span>{t('statistics_query.polarity')}</span>
          <select
            value={form.polarity}
            onChange={(e) => set('polarity', e.target.value as QueryForm['polarity'])}
          >
            <option value="all">{t('statistics_query.all')}</option>
            <option value="positive">{t('statistics_query.positive')}</option>
            <option value="negative">{t('statistics_query.negative')}</option>
          </select>
        </label>
      </div>
      <div className="sq-row">
        <label>
          <span>{t('statistics_query.min_ka')}</span>
          <input inputMode="decimal" value={form.minKa} onChange={(e) => set('minKa', e.target.value)} />
        </label>
        <label>
          <span>{t('statistics_query.max_ka')}</span>
          <input inputMode="decimal" value={form.maxKa} onChange={(e) => set('maxKa', e.target.value)} />
        </label>
        <label>
          <span>{t('statistics_query.group_by')}</span>
          <select
            value={form.groupBy}
            onChange={(e) => set('groupBy', e.target.value as QueryForm['groupBy'])}
          >
            {GROUPS.map((g) => (
              <option key={g} value={g}>
                {t(`statistics_query.groups.${g}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
    </div>
  );
}
