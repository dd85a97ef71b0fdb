/** CMA colours, weakest first: a value list the web reads too, kept apart from the schemas (TypeBox stays on the server). */
export const WEATHER_WARNING_LEVELS = ['blue', 'yellow', 'orange', 'red'] as const;
export type WeatherWarningLevel = (typeof WEATHER_WARNING_LEVELS)[number];
