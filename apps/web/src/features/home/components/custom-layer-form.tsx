import type { CustomLayer, CustomLayerKind } from '@thunderwatch/shared/schemas/layers';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';
import { useAddCustomLayer, useDeleteCustomLayer } from '../api/custom-layers';

const KINDS: CustomLayerKind[] = ['geojson', 'xyz', 'wms', 'tilejson'];

/** A group admin adds a layer (a GeoJSON file, or a tile URL the browser loads) or removes one. */
export function CustomLayerForm({ custom }: { custom: readonly CustomLayer[] }) {
  const { t } = useTranslation();
  const add = useAddCustomLayer();
  const remove = useDeleteCustomLayer();
  const [name, setName] = useState('');
  const [kind, setKind] = useState<CustomLayerKind>('geojson');
  const [url, setUrl] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [unreadable, setUnreadable] = useState(false);

  const submit = async () => {
    setUnreadable(false);
    const base = { name: name.trim() || t('home.layers.custom.untitled'), kind };
    if (kind !== 'geojson') {
      add.mutate({ ...base, url: url.trim() }, { onSuccess: () => setUrl('') });
      return;
    }
    let geojson: unknown;
    try {
      geojson = JSON.parse((await file?.text()) ?? '');
    } catch {
      setUnreadable(true);
      return;
    }
    add.mutate({ ...base, geojson }, { onSuccess: () => setName('') });
  };

  return (
    <details className="home-collapsible custom-layer-form">
      <summary>{t('home.layers.custom.add')}</summary>
      <form
        className="scene-form"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <label className="field">
          <span>{t('home.layers.custom.name')}</span>
          <input value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
        </label>
        <label className="field">
          <span>{t('home.layers.custom.kind')}</span>
          <select value={kind} onChange={(e) => setKind(e.target.value as CustomLayerKind)}>
            {KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`home.layers.custom.kind_${k}`)}
              </option>
            ))}
          </select>
        </label>
        {kind === 'geojson' ? (
          <label className="field">
            <span>{t('home.layers.custom.file')}</span>
            <input
              type="file"
              accept=".geojson,.json,application/geo+json,application/json"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
          </label>
        ) : (
          <label className="field">
            <span>{t('home.layers.custom.url')}</span>
            <input
              type="url"
              value={url}
              maxLength={2000}
              placeholder={kind === 'xyz' ? 'https://…/{z}/{x}/{y}.png' : 'https://…'}
              onChange={(e) => setUrl(e.target.value)}
            />
          </label>
        )}
        {unreadable && (
          <p className="alert alert-error" role="alert">
            {t('home.layers.custom.unreadable')}
          </p>
        )}
        <ErrorMessage error={add.error ?? remove.error} />
        <button
          type="submit"
          className="button button-small"
          disabled={add.isPending || (kind === 'geojson' && !file)}
        >
          {t('home.layers.custom.submit')}
        </button>
      </form>
      {custom.length > 0 && (
        <ul className="custom-layer-list">
          {custom.map((c) => (
            <li key={c.id}>
              <span>{c.name}</span>
              <button
                type="button"
                className="button button-secondary button-small"
                onClick={() => remove.mutate(c.id)}
                aria-label={t('home.layers.custom.remove', { name: c.name })}
              >
                {t('home.scenes.delete')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
