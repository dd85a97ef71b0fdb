import type { MapView, UserMapData } from '@thunderwatch/shared/schemas/locations';
import { type AuthUser, requirePermission } from '../../../lib/access.js';
import { AppError } from '../../../lib/app-error.js';
import type { UsersRepo } from '../../accounts/users/users-repo.js';
import type { LocationsService } from './locations-service.js';

/** Where the map opens for someone who never moved it: South China, where the demo storms are. */
export const DEFAULT_MAP: MapView = { center: [113.3, 23.1], zoom: 6, layers: ['strokes'] };

/** The user's own map view (users.map_defaults) with their group's locations. */
export class UserMapDataService {
  constructor(
    private readonly users: Pick<UsersRepo, 'mapView' | 'saveMapView'>,
    private readonly locations: Pick<LocationsService, 'onMap'>,
  ) {}

  async get(user: AuthUser): Promise<UserMapData> {
    requirePermission(user, 'location.read');
    const saved = await this.users.mapView<MapView>(user.id);
    return { ...DEFAULT_MAP, ...saved, saved: saved !== null, locations: await this.locations.onMap(user) };
  }

  async save(user: AuthUser, view: MapView): Promise<UserMapData> {
    requirePermission(user, 'profile.update');
    const [lon, lat] = view.center;
    if (lon < -180 || lon > 180 || lat < -90 || lat > 90) {
      throw new AppError('validation.failed', 400, 'center is outside the map', [
        { field: 'center', message: 'must be [longitude -180..180, latitude -90..90]' },
      ]);
    }
    const clean: MapView = { center: [lon, lat], zoom: view.zoom, layers: [...new Set(view.layers)] };
    if (view.layer_state) {
      const ids = view.layer_state.map((s) => s.id);
      const twice = ids.findIndex((id, i) => ids.indexOf(id) !== i);
      if (twice >= 0) {
        throw new AppError('validation.failed', 400, 'layer_state lists a layer twice', [
          { field: `layer_state/${twice}/id`, message: `${ids[twice]} is listed twice` },
        ]);
      }
      clean.layer_state = view.layer_state;
    }
    await this.users.saveMapView(user.id, clean);
    return this.get(user);
  }
}
