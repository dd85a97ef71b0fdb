import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Scene, SceneInput, SceneList } from '@thunderwatch/shared/schemas/layers';
import { useMemo } from 'react';
import { apiClient } from './api-client';
import { queryKeys } from './query-keys';

/** Saved map views (`/api/scene`), shared by the home map and the wall screens that rotate through them. */
export function useScenes(enabled = true) {
  return useQuery({
    queryKey: queryKeys.scenes.all,
    queryFn: ({ signal }) => apiClient.get<SceneList>('/api/scene', undefined, { signal }),
    enabled,
  });
}

export function useScene(id: number | null) {
  return useQuery({
    queryKey: queryKeys.scenes.one(id ?? 0),
    queryFn: ({ signal }) => apiClient.get<Scene>(`/api/scene/${id}`, undefined, { signal }),
    enabled: id !== null,
    retry: false,
  });
}

export function useSaveScene() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: SceneInput }) =>
      id === undefined
        ? apiClient.post<Scene>('/api/scene', input)
        : apiClient.request<Scene>(`/api/scene/${id}`, { method: 'PUT', json: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.scenes.all }),
  });
}

export function useDeleteScene() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiClient.request(`/api/scene/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.scenes.all }),
  });
}

/** A positive integer id from the address (`?scene=`, `?rotation=`), else null. */
export function sceneIdParam(raw: string | null): number | null {
  if (raw === null || !/^[1-9][0-9]{0,14}$/.test(raw)) return null;
  return Number(raw);
}

/** The views a wall screen steps through: a scene's rotation (each step's scene and seconds), or the scene. */
export function rotationSteps(
  scene: Scene | undefined,
  scenes: readonly Scene[] | undefined,
): { scene: Scene; seconds: number }[] {
  if (!scene) return [];
  if (!scene.rotation) return [{ scene, seconds: 0 }];
  return scene.rotation.flatMap((step) => {
    const found = step.scene_id === scene.id ? scene : scenes?.find((s) => s.id === step.scene_id);
    return found ? [{ scene: found, seconds: step.seconds }] : [];
  });
}

/** `?rotation=<sceneId>` of a wall screen: the steps to rotate through, and whether it failed to load. */
export function useRotationParam(raw: string | null) {
  const id = sceneIdParam(raw);
  const scene = useScene(id);
  const scenes = useScenes(id !== null && (scene.data?.rotation?.length ?? 0) > 0);
  const steps = useMemo(() => rotationSteps(scene.data, scenes.data?.items), [scene.data, scenes.data]);
  return { id, steps, error: scene.error ?? scenes.error };
}
