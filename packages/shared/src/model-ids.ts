/** The models, by id: a value list the web reads too, kept apart from the schemas (TypeBox stays on the server). */
export const MODEL_IDS = [
  'lightning_nowcast',
  'lightning_forecast',
  'fire_risk',
  'weather_forecast',
  'geo_weather_forecast',
] as const;
export type ModelId = (typeof MODEL_IDS)[number];
