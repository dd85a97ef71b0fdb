import type { Scene } from '@thunderwatch/shared/schemas/layers';
import { useCallback, useEffect, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { sceneIdParam, useScene } from '../../../lib/scenes';

/** The scene the home map shows (`/?scene=<id>`), its one step for the map, and how to open another. */
export function useHomeScene() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = sceneIdParam(params.get('scene'));
  const scene = useScene(id);
  const steps = useMemo(() => (scene.data ? [{ scene: scene.data, seconds: 0 }] : []), [scene.data]);
  const open = useCallback(
    (next: number | null) => navigate(next === null ? '/' : `/?scene=${next}`),
    [navigate],
  );
  return { id, scene: scene.data, error: scene.error, steps, open };
}

/** An opened scene's past window starts the replay at its end; its radar product is chosen. */
export function useSceneTimeAndRadar(
  scene: Scene | undefined,
  seek: (cursor: number) => void,
  setProduct: (product: string) => void,
) {
  useEffect(() => {
    const time = scene?.time;
    if (time?.mode === 'window') seek(Date.parse(time.to));
  }, [scene, seek]);
  useEffect(() => {
    const product = scene?.filters.radar_product;
    if (product) setProduct(product);
  }, [scene, setProduct]);
}
