/** A storm cell's stage: a value list the web reads too, kept apart from the schemas (TypeBox stays on the server). */
export const CELL_LIFECYCLES = ['born', 'growing', 'mature', 'decaying', 'merged', 'split'] as const;
export type CellLifecycle = (typeof CELL_LIFECYCLES)[number];
