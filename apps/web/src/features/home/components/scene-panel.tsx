import type { Scene, SceneInput } from '@thunderwatch/shared/schemas/layers';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorMessage } from '../../../components/error-message';
import { useDeleteScene, useSaveScene, useScenes } from '../../../lib/scenes';
import { useIsPhone } from '../../../lib/use-media-query';

interface ScenePanelProps {
  /** The scene open (`?scene=`), if any. */
  open: Scene | undefined;
  openError: unknown;
  /** The map as it is now, as a scene's view (name, sharing and rotation come from the form). */
  current: () => Omit<SceneInput, 'name' | 'shared' | 'rotation'>;
  onOpen: (id: number | null) => void;
}

const DEFAULT_SECONDS = 60;

/** Saved map views: open one, save the map as one (private or for the group, optionally a rotation), edit. */
export function ScenePanel({ open, openError, current, onOpen }: ScenePanelProps) {
  const { t } = useTranslation();
  const phone = useIsPhone();
  const scenes = useScenes();
  const save = useSaveScene();
  const remove = useDeleteScene();
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  const [rotate, setRotate] = useState<number[]>([]);
  const [seconds, setSeconds] = useState(DEFAULT_SECONDS);
  const items = scenes.data?.items ?? [];

  const create = () => {
    const rotation = rotate.length > 0 ? rotate.map((scene_id) => ({ scene_id, seconds })) : null;
    save.mutate(
      { input: { ...current(), name: name.trim() || t('home.scenes.untitled'), shared, rotation } },
      {
        onSuccess: (scene) => {
          setName('');
          setRotate([]);
          onOpen(scene.id);
        },
      },
    );
  };
  const update = (scene: Scene) =>
    save.mutate({
      id: scene.id,
      input: { ...current(), name: scene.name, shared: scene.shared, rotation: scene.rotation },
    });

  return (
    <details className="home-collapsible scene-panel" open={!phone && open !== undefined}>
      <summary>{t('home.scenes.title')}</summary>
      <ErrorMessage error={openError ?? scenes.error ?? save.error ?? remove.error} />
      {open && (
        <div className="scene-open" role="status">
          <strong>{open.name}</strong>
          <span className="muted">{open.shared ? t('home.scenes.shared') : t('home.scenes.private')}</span>
          <div className="scene-actions">
            {open.editable && (
              <button
                type="button"
                className="button button-secondary button-small"
                onClick={() => update(open)}
              >
                {t('home.scenes.update')}
              </button>
            )}
            {open.editable && (
              <button
                type="button"
                className="button button-secondary button-small"
                onClick={() => remove.mutate(open.id, { onSuccess: () => onOpen(null) })}
              >
                {t('home.scenes.delete')}
              </button>
            )}
            <button
              type="button"
              className="button button-secondary button-small"
              onClick={() => onOpen(null)}
            >
              {t('home.scenes.close')}
            </button>
          </div>
          <p className="scene-walls">
            {t('home.scenes.on_wall')}{' '}
            <Link to={`/decision?rotation=${open.id}`}>{t('screens.decision')}</Link>
            {' · '}
            <Link to={`/realtimealert?rotation=${open.id}`}>{t('screens.realtimealert')}</Link>
          </p>
        </div>
      )}
      {items.length > 0 && (
        <label className="field scene-pick">
          <span>{t('home.scenes.open')}</span>
          <select
            value={open?.id ?? ''}
            onChange={(e) => onOpen(e.target.value ? Number(e.target.value) : null)}
          >
            <option value="">{t('home.scenes.none')}</option>
            {items.map((s) => (
              <option key={s.id} value={s.id}>
                {s.shared ? `${s.name} · ${t('home.scenes.shared')}` : s.name}
              </option>
            ))}
          </select>
        </label>
      )}
      <form
        className="scene-form"
        onSubmit={(e) => {
          e.preventDefault();
          create();
        }}
      >
        <label className="field">
          <span>{t('home.scenes.name')}</span>
          <input value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
        </label>
        <label className="checkbox">
          <input type="checkbox" checked={shared} onChange={(e) => setShared(e.target.checked)} />
          {t('home.scenes.share')}
        </label>
        {items.length > 0 && (
          <fieldset className="scene-rotation">
            <legend>{t('home.scenes.rotation')}</legend>
            {items.map((s) => (
              <label key={s.id} className="checkbox">
                <input
                  type="checkbox"
                  checked={rotate.includes(s.id)}
                  onChange={(e) =>
                    setRotate((r) => (e.target.checked ? [...r, s.id] : r.filter((id) => id !== s.id)))
                  }
                />
                {s.name}
              </label>
            ))}
            {rotate.length > 0 && (
              <label className="field scene-seconds">
                <span>{t('home.scenes.seconds')}</span>
                <input
                  type="number"
                  min={10}
                  max={3600}
                  step={5}
                  value={seconds}
                  onChange={(e) => setSeconds(Math.round(Number(e.target.value)))}
                />
              </label>
            )}
          </fieldset>
        )}
        <button type="submit" className="button button-small" disabled={save.isPending}>
          {t('home.scenes.save')}
        </button>
      </form>
    </details>
  );
}
