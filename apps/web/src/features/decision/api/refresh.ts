/** The wall screen asks again every minute (and sooner on a socket alarm). */
export const DECISION_REFRESH_MS = 60_000;
