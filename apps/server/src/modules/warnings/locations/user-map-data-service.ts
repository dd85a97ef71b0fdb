import type { MapView, MapViewInput, UserMapData } from '@thunderwatch/shared/schemas/locations';
import { type AuthUser, requirePermission } from '../../../lib/access.js';
import { AppError } from '../../../lib/app-error.js';
import type { UsersRepo } from '../../accounts/users/users-repo.js';
import type { LocationsService } from './locations-service.js';

/** Where the map opens for someone who never moved it: South China, where the demo storms are. */
export const DEFAULT_MAP: MapView = { center: [113.3, 23.1], zoom: 6, layers: ['strokes'] };

/** As stored in users.map_defaults: a view saved with the layer choices, or the choices alone. */
type StoredView = Partial<MapView>;

const invalid = (field: string, message: string) =>
  new AppError('validation.failed', 400, `${field} ${message}`, [{ field, message }]);

/** The user's own map view and layer choices (users.map_defaults) with their group's locations. */
export class UserMapDataService {
  constructor(
    private readonly users: Pick<UsersRepo, 'mapView' | 'saveMapView'>,
    private readonly locations: Pick<LocationsService, 'onMap'>,
  ) {}

  async get(user: AuthUser): Promise<UserMapData> {
    requirePermission(user, 'location.read');
    const saved = await this.users.mapView<StoredView>(user.id);
    return {
      ...DEFAULT_MAP,
      ...saved,
      saved: saved?.center !== undefined,
      locations: await this.locations.onMap(user),
    };
  }

  async save(user: AuthUser, view: MapViewInput): Promise<UserMapData> {
    requirePermission(user, 'profile.update');
    if ((view.center === undefined) !== (view.zoom === undefined))
      throw invalid(view.center === undefined ? 'center' : 'zoom', 'goes with center and zoom together');
    const stored: StoredView = { ...(await this.users.mapView<StoredView>(user.id)) };
    if (view.center !== undefined && view.zoom !== undefined) {
      const [lon, lat] = view.center;
      if (lon < -180 || lon > 180 || lat < -90 || lat > 90)
        throw invalid('center', 'must be [longitude -180..180, latitude -90..90]');
      stored.center = [lon, lat];
      stored.zoom = view.zoom;
    }
    if (view.layers !== undefined) stored.layers = [...new Set(view.layers)];
    if (view.layer_state !== undefined) {
      const ids = view.layer_state.map((s) => s.id);
      const twice = ids.findIndex((id, i) => ids.indexOf(id) !== i);
      if (twice >= 0) throw invalid(`layer_state/${twice}/id`, `${ids[twice]} is listed twice`);
      stored.layer_state = view.layer_state;
    }
    await this.users.saveMapView(user.id, stored);
    return this.get(user);
  }
}
