import { LAYER_GROUPS, type LayerDefinition, type LegendEntry } from '@thunderwatch/shared/map-layers';
import type { CustomLayer } from '@thunderwatch/shared/schemas/layers';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LayerChoice, LayerChoices } from '../model/layer-choices';

export interface LayerSwitcherProps {
  /** The catalogue's layers the home map draws, in catalogue order. */
  layers: readonly LayerDefinition[];
  custom: readonly CustomLayer[];
  choices: LayerChoices;
  onChange: (id: string, patch: Partial<LayerChoice>) => void;
  /** Layers whose opacity the map can change. */
  adjustable: (id: string) => boolean;
  /** A layer's own controls and legend (counts, products) instead of the catalogue legend, while shown. */
  extras?: Record<string, ReactNode>;
  /** A layer's own options (the strokes' filter), over its legend while shown. */
  options?: Record<string, ReactNode>;
  /** What a layer has to say under its legend while shown (how many warnings are in force, or none). */
  notes?: Record<string, ReactNode>;
  loading?: Record<string, boolean>;
}

/** The layer switcher built from the catalogue: grouped, each layer's legend and opacity while it is shown. */
export function LayerSwitcher({
  layers,
  custom,
  choices,
  onChange,
  adjustable,
  extras,
  options,
  notes,
  loading,
}: LayerSwitcherProps) {
  const { t, i18n } = useTranslation();
  const zh = i18n.language === 'zh-Hans';
  const kindName = (kind: string) => t(`home.layers.custom.kind_${kind}`);
  const groups = [
    ...LAYER_GROUPS.map((group) => ({
      group,
      rows: layers
        .filter((l) => l.group === group)
        .map((l) => ({ id: l.id, name: zh ? l.name['zh-Hans'] : l.name.en, legend: l.legend })),
    })),
    {
      group: 'custom',
      rows: custom.map((c) => ({
        id: c.layer_id,
        name: c.name,
        legend: [
          { color: c.color, label: { 'zh-Hans': kindName(c.kind), en: kindName(c.kind) } },
        ] as LegendEntry[],
      })),
    },
  ].filter((g) => g.rows.length > 0);

  return (
    <div className="layer-switcher">
      {groups.map(({ group, rows }) => (
        <fieldset key={group} className="layer-group">
          <legend>{t(`home.layers.groups.${group}`)}</legend>
          {rows.map((row) => {
            const choice = choices[row.id] ?? { visible: false, opacity: 1 };
            const extra = extras?.[row.id];
            return (
              <div key={row.id} className="layer-row" data-layer={row.id}>
                <label className="checkbox">
                  <input
                    type="checkbox"
                    checked={choice.visible}
                    onChange={(e) => onChange(row.id, { visible: e.target.checked })}
                  />
                  {row.name}
                  {choice.visible && loading?.[row.id] && <span className="muted"> …</span>}
                </label>
                {choice.visible && adjustable(row.id) && (
                  <label className="layer-opacity">
                    <span>{t('home.layers.opacity')}</span>
                    <input
                      type="range"
                      min={0.1}
                      max={1}
                      step={0.1}
                      value={choice.opacity}
                      aria-label={`${row.name}: ${t('home.layers.opacity')}`}
                      onChange={(e) => onChange(row.id, { opacity: Number(e.target.value) })}
                    />
                  </label>
                )}
                {choice.visible && options?.[row.id]}
                {choice.visible &&
                  (extra ?? (
                    <ul className="layer-legend" aria-label={`${row.name}: ${t('home.legend.title')}`}>
                      {row.legend.map((e) => (
                        <li key={`${e.color}-${e.label.en}`}>
                          <span className="legend-swatch" style={{ background: e.color }} />
                          {zh ? e.label['zh-Hans'] : e.label.en}
                        </li>
                      ))}
                    </ul>
                  ))}
                {choice.visible && notes?.[row.id]}
              </div>
            );
          })}
        </fieldset>
      ))}
    </div>
  );
}
