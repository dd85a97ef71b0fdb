import { layerDefinition } from '@thunderwatch/shared/map-layers';
import { roleCan } from '@thunderwatch/shared/permissions';
import {
  SCENE_LIMITS,
  type Scene,
  type SceneInput,
  type SceneList,
} from '@thunderwatch/shared/schemas/layers';
import { type AuthUser, requirePermission } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import type { CustomLayersRepo } from './custom-layers-repo.js';
import type { SceneFields, SceneRecord, ScenesRepo } from './scenes-repo.js';

export interface ScenesServiceDeps {
  scenes: ScenesRepo;
  layers: Pick<CustomLayersRepo, 'get'>;
  now: () => Date;
}

interface Detail {
  field: string;
  message: string;
}

const notFound = () => new AppError('scene.not_found', 404, 'No such scene');
const HOUR_MS = 3_600_000;

/** Saved map views: private or shared with the group; rotations a wall screen steps through. */
export class ScenesService {
  constructor(private readonly d: ScenesServiceDeps) {}

  /** Its owner edits a scene; a group's layer managers (and admins) edit its shared ones too. */
  private editable(user: AuthUser, s: SceneRecord): boolean {
    if (s.owner_id === user.id) return true;
    if (!s.shared || !roleCan(user.role, 'layer.manage')) return false;
    return user.role === 'admin' || s.group_id === user.groupId;
  }

  private dto(user: AuthUser, s: SceneRecord): Scene {
    return { ...s, editable: this.editable(user, s) };
  }

  private async reach(user: AuthUser, id: number): Promise<SceneRecord> {
    const scene = await this.d.scenes.get(id, user.role === 'admin' ? null : user.groupId, user.id);
    if (!scene) throw notFound();
    return scene;
  }

  async list(user: AuthUser): Promise<SceneList> {
    requirePermission(user, 'location.read');
    const items = await this.d.scenes.list(user.groupId, user.id);
    return { items: items.map((s) => this.dto(user, s)) };
  }

  async get(user: AuthUser, id: number): Promise<Scene> {
    requirePermission(user, 'location.read');
    return this.dto(user, await this.reach(user, id));
  }

  async create(user: AuthUser, input: SceneInput): Promise<Scene> {
    requirePermission(user, 'profile.update');
    const fields = await this.fieldsOf(user, input, null, user.groupId);
    return this.dto(user, await this.d.scenes.create(user.groupId, user.id, fields, this.d.now()));
  }

  async update(user: AuthUser, id: number, input: SceneInput): Promise<Scene> {
    requirePermission(user, 'profile.update');
    const scene = await this.reach(user, id);
    if (!this.editable(user, scene)) throw new AppError('permission.denied', 403, 'Not your scene');
    const fields = await this.fieldsOf(user, input, id, scene.group_id);
    const saved = await this.d.scenes.update(id, fields, this.d.now());
    if (!saved) throw notFound();
    return this.dto(user, saved);
  }

  async remove(user: AuthUser, id: number): Promise<void> {
    requirePermission(user, 'profile.update');
    const scene = await this.reach(user, id);
    if (!this.editable(user, scene)) throw new AppError('permission.denied', 403, 'Not your scene');
    await this.d.scenes.delete(id);
  }

  /** Everything a schema cannot check: ranges that depend on each other, layers and rotation scenes that exist. */
  private async fieldsOf(user: AuthUser, input: SceneInput, selfId: number | null, groupId: number) {
    const problems: Detail[] = [];
    const [lon, lat] = input.center;
    if (lon < -180 || lon > 180 || lat < -90 || lat > 90)
      problems.push({ field: 'center', message: 'must be [longitude -180..180, latitude -90..90]' });
    const time = input.time ?? { mode: 'live' as const };
    if (time.mode === 'window') {
      const from = Date.parse(time.from);
      const to = Date.parse(time.to);
      if (!(from < to)) problems.push({ field: 'time/to', message: 'must be after time/from' });
      else if (to - from > SCENE_LIMITS.maxWindowHours * HOUR_MS)
        problems.push({
          field: 'time/to',
          message: `window is longer than ${SCENE_LIMITS.maxWindowHours} h`,
        });
    }
    const seen = new Set<string>();
    for (const [i, layer] of input.layers.entries()) {
      if (seen.has(layer.id))
        problems.push({ field: `layers/${i}/id`, message: `${layer.id} is listed twice` });
      seen.add(layer.id);
      if (!(await this.layerExists(user, layer.id, groupId)))
        problems.push({
          field: `layers/${i}/id`,
          message: `${layer.id} is not a layer of the catalogue or group`,
        });
    }
    const shared = input.shared ?? false;
    const rotation = input.rotation ?? null;
    for (const [i, step] of (rotation ?? []).entries()) {
      const field = `rotation/${i}/scene_id`;
      if (step.scene_id === selfId) {
        problems.push({ field, message: 'is this scene itself' });
        continue;
      }
      const target = await this.d.scenes.get(step.scene_id, groupId, user.id);
      if (!target || target.group_id !== groupId)
        problems.push({ field, message: `scene ${step.scene_id} not found` });
      else if (shared && !target.shared)
        problems.push({
          field,
          message: `scene ${step.scene_id} is private; a shared rotation needs shared scenes`,
        });
    }
    if (problems.length > 0) {
      const message = problems.map((p) => `${p.field} ${p.message}`).join('; ');
      throw new AppError('scene.invalid', 400, message, problems);
    }
    const fields: SceneFields = {
      name: input.name.trim() || 'Scene',
      shared,
      view: {
        center: [lon, lat],
        zoom: input.zoom,
        bearing: input.bearing ?? 0,
        layers: input.layers,
        time,
        filters: input.filters ?? {},
      },
      rotation,
    };
    return fields;
  }

  private async layerExists(user: AuthUser, id: string, groupId: number): Promise<boolean> {
    const custom = /^custom_([1-9][0-9]{0,14})$/.exec(id);
    if (custom) {
      const layer = await this.d.layers.get(Number(custom[1]), groupId);
      return layer !== null;
    }
    const def = layerDefinition(id);
    return def !== undefined && roleCan(user.role, def.permission);
  }
}
