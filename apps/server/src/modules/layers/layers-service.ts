import { type TileKind, tileUrlProblem, validateLayerGeoJson } from '@thunderwatch/domain/geo/custom-layer';
import { LAYER_CATALOGUE } from '@thunderwatch/shared/map-layers';
import { roleCan } from '@thunderwatch/shared/permissions';
import type { CustomLayer, CustomLayerInput, LayerCatalogue } from '@thunderwatch/shared/schemas/layers';
import { type AuthUser, canSeeGroup, requirePermission } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import type { CustomLayerFields, CustomLayersRepo } from './custom-layers-repo.js';

export interface LayersServiceDeps {
  layers: CustomLayersRepo;
  groupExists: (id: number) => Promise<boolean>;
  now: () => Date;
}

const DEFAULT_COLOR = '#38bdf8';
const notFound = () => new AppError('layer.not_found', 404, 'No such layer');

function invalid(details: { field: string; message: string }[]): AppError {
  const message = details
    .slice(0, 5)
    .map((d) => `${d.field} ${d.message}`)
    .join('; ');
  return new AppError('layer.invalid', 400, message, details);
}

/** Checks an input against its kind: GeoJSON as zones are, tile URLs by shape (never fetched). */
export function customLayerFields(input: CustomLayerInput): CustomLayerFields {
  const common = {
    name: input.name.trim(),
    kind: input.kind,
    attribution: input.attribution?.trim() ?? '',
    color: input.color ?? DEFAULT_COLOR,
    opacity: input.opacity ?? (input.kind === 'geojson' ? 0.8 : 0.7),
  };
  if (!common.name) throw invalid([{ field: 'name', message: 'must not be blank' }]);
  if (input.kind === 'geojson') {
    if (input.url !== undefined)
      throw invalid([{ field: 'url', message: 'is for tile layers, not geojson' }]);
    if (input.geojson === undefined)
      throw invalid([{ field: 'geojson', message: 'is required for kind geojson' }]);
    const issues = validateLayerGeoJson(input.geojson);
    if (issues.length > 0) throw invalid(issues);
    return { ...common, geojson: input.geojson, url: null };
  }
  if (input.geojson !== undefined)
    throw invalid([{ field: 'geojson', message: `is for kind geojson, not ${input.kind}` }]);
  if (input.url === undefined)
    throw invalid([{ field: 'url', message: `is required for kind ${input.kind}` }]);
  const problem = tileUrlProblem(input.kind as TileKind, input.url.trim());
  if (problem) throw invalid([{ field: 'url', message: problem }]);
  return { ...common, geojson: null, url: input.url.trim() };
}

/** The layer catalogue and a group's custom layers: read by everyone of the group, kept by `layer.manage`. */
export class LayersService {
  constructor(private readonly d: LayersServiceDeps) {}

  /** Another group (admins only) by `groupId`; otherwise the caller's own group. */
  private async groupOf(user: AuthUser, groupId: number | undefined): Promise<number> {
    if (groupId === undefined || groupId === user.groupId) return user.groupId;
    if (!canSeeGroup(user, groupId) || !(await this.d.groupExists(groupId)))
      throw new AppError('group.not_found', 404, 'No such group');
    return groupId;
  }

  async catalogue(user: AuthUser, groupId?: number): Promise<LayerCatalogue> {
    requirePermission(user, 'location.read');
    const group = await this.groupOf(user, groupId);
    return {
      items: LAYER_CATALOGUE.filter((l) => roleCan(user.role, l.permission)).map((l) => ({ ...l })),
      custom: await this.d.layers.list(group),
    };
  }

  async get(user: AuthUser, id: number): Promise<CustomLayer> {
    requirePermission(user, 'location.read');
    const layer = await this.d.layers.get(id, user.role === 'admin' ? null : user.groupId);
    if (!layer) throw notFound();
    return layer;
  }

  async create(user: AuthUser, input: CustomLayerInput, groupId?: number): Promise<CustomLayer> {
    requirePermission(user, 'layer.manage');
    const group = await this.groupOf(user, groupId);
    return this.d.layers.create(group, customLayerFields(input), user.id, this.d.now());
  }

  async update(user: AuthUser, id: number, input: CustomLayerInput): Promise<CustomLayer> {
    requirePermission(user, 'layer.manage');
    await this.get(user, id);
    const layer = await this.d.layers.update(id, customLayerFields(input), this.d.now());
    if (!layer) throw notFound();
    return layer;
  }

  async remove(user: AuthUser, id: number): Promise<void> {
    requirePermission(user, 'layer.manage');
    await this.get(user, id);
    await this.d.layers.delete(id);
  }
}
