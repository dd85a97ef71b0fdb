/** The models, by id: a value list the web reads too, kept apart from the schemas (TypeBox stays on the server). */
export const MODEL_IDS = [
  'lightning_nowcast',
  'lightning_forecast',
  'fire_risk',
  'weather_forecast',
  'geo_weather_forecast',
] as const;
export type ModelId = (typeof MODEL_IDS)[number];

/**
 * Why a model run failed, as a code the screens word in the reader's language, with its parameters
 * (`reason_params`): `no_cell_step` {minutes}: the cell tracker has no recent step; `interrupted`: the node
 * running it stopped; `not_configured` {model}; the external forecast service `forecast_timeout` {host,
 * seconds}, `forecast_unreachable` {host}, `forecast_http` {host, status}, `forecast_not_json` {host},
 * `forecast_too_large` {host}, `forecast_broke_off` {host}, `forecast_invalid`; `failed`: anything else (the
 * run's `reason` says what, in English).
 */
export const RUN_FAILURE_CODES = [
  'no_cell_step',
  'interrupted',
  'not_configured',
  'forecast_timeout',
  'forecast_unreachable',
  'forecast_http',
  'forecast_not_json',
  'forecast_too_large',
  'forecast_broke_off',
  'forecast_invalid',
  'failed',
] as const;
export type RunFailureCode = (typeof RUN_FAILURE_CODES)[number];
