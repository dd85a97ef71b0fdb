/**
 * How many spec files run at once, each worker with a shared server of its own (see shared-server.ts). One on
 * two cores: a map drawn in software takes both, and two specs at once were slower in total.
 */
export const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? 1);
