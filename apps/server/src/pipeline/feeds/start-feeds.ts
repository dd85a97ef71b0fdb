import { sitePoint } from '@thunderwatch/domain/geo/site-point';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { startFlightSimulator } from '../../modules/aviation/flights/simulator-flights.js';
import { startMqttHeartbeats } from '../../modules/devices/mqtt-heartbeats.js';
import { startDeviceSimulator } from '../../modules/devices/simulator-devices.js';
import { SIMULATOR_SOURCE } from '../../modules/lightning/strokes/stroke-row.js';
import { startSensorMqttFeed } from '../../modules/sensors/sensor-mqtt-feed.js';
import { simulatorMills } from '../../modules/sensors/simulator-mills.js';
import { DEMO_LOCATIONS } from '../../modules/warnings/locations/demo-locations.js';
import { startWeatherSimulator } from '../../modules/weather/demo/simulator-weather.js';
import { simulatorRadarSink } from '../../modules/weather/radar/simulator-radar.js';
import { startMqttFeed } from './mqtt-feed.js';
import { startSimulatorFeed } from './simulator-feed.js';
import { startUalfTcpFeed } from './ualf-tcp-feed.js';

/** Starts the feeds the configuration asks for; returns one function that stops them all. */
export async function startFeeds(app: FastifyInstance, config: Config): Promise<() => Promise<void>> {
  const { ingest, feeds } = app.services;
  const stops: (() => Promise<void> | void)[] = [];
  if (config.simulator.enabled) {
    // Storms of the demo world cross the demo group's sites, so warnings rise and clear for a newcomer; its
    // weather (a typhoon, station winds, waves), Baiyun's traffic and a detection network's heartbeats run
    // beside its lightning.
    // One simulated world per cluster: it runs on the node holding its lease, like the warning engine.
    const hotspots = DEMO_LOCATIONS.map((l) => sitePoint(l.shape));
    let stopSimulator: (() => void) | null = null;
    let stopWeather: (() => void) | null = null;
    let stopFlights: (() => void) | null = null;
    let stopDevices: (() => void) | null = null;
    await app.services.leadership.run({
      name: 'simulator',
      start: async () => {
        const radar = simulatorRadarSink(app.services.radarIngest, app.log);
        const mills = await simulatorMills({
          sensors: app.services.sensorsRepo,
          ingest: app.services.sensorIngest,
          log: app.log,
        });
        const storedUntil = async (fromMs: number, toMs: number) =>
          (
            await app.services.strokes.newestOf(SIMULATOR_SOURCE, new Date(fromMs), new Date(toMs))
          )?.getTime() ?? null;
        stopSimulator = startSimulatorFeed(ingest, app.log, {
          ...config.simulator,
          hotspots,
          radar,
          mills,
          storedUntil,
        });
        const { typhoons, observations, waves } = app.services;
        stopWeather = startWeatherSimulator({ typhoons, observations, waves, log: app.log });
        stopFlights = startFlightSimulator({ flights: app.services.flights, log: app.log });
        stopDevices = await startDeviceSimulator({
          repo: app.services.devicesRepo,
          devices: app.services.devices,
          log: app.log,
        });
      },
      stop: async () => {
        stopSimulator?.();
        stopWeather?.();
        stopFlights?.();
        stopDevices?.();
        stopSimulator = null;
        stopDevices = null;
        stopWeather = null;
        stopFlights = null;
      },
    });
  }
  if (config.ualfTcp.port !== null) {
    const tcp = await startUalfTcpFeed(
      { ingest, feeds, log: app.log },
      { ...config.ualfTcp, port: config.ualfTcp.port },
    );
    stops.push(() => tcp.close());
  }
  if (config.mqtt.url) {
    try {
      const mqtt = await startMqttFeed({ ingest, log: app.log }, { ...config.mqtt, url: config.mqtt.url });
      stops.push(() => mqtt.close());
      const sensors = await startSensorMqttFeed(
        { sensors: app.services.sensorIngest, log: app.log },
        { url: config.mqtt.url, prefix: config.mqtt.sensorPrefix, source: config.mqtt.source },
      );
      stops.push(() => sensors.close());
    } catch (error) {
      app.log.error({ err: error, url: config.mqtt.url }, 'MQTT feed could not connect; running without it');
    }
    try {
      const beats = await startMqttHeartbeats(
        { devices: app.services.devices, log: app.log },
        { url: config.mqtt.url, prefix: config.mqtt.devicePrefix },
      );
      stops.push(() => beats.close());
    } catch (error) {
      app.log.error(
        { err: error, url: config.mqtt.url },
        'MQTT heartbeats could not connect; running without them',
      );
    }
  }
  return async () => {
    for (const stop of stops) await stop();
  };
}
