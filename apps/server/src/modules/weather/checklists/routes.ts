import {
  ChecklistItem,
  ChecklistItemInput,
  ChecklistItemParams,
  ChecklistItems,
  ChecklistItemsQuery,
  ChecklistTick,
  ChecklistTicks,
  TickParams,
  TicksParams,
} from '@thunderwatch/shared/schemas/decision';
import { errors, StatusOk } from '@thunderwatch/shared/schemas/kit';
import { callerOf } from '../../../lib/caller.js';
import type { App } from '../../../lib/fastify.js';
import type { ChecklistsService } from './checklists-service.js';

const TAGS = ['decision'];
const SITUATION =
  '`situation`: `warning:<official warning id>`, or with none in force `observed:YYYY-MM-DD` (the gale the stations measure on that UTC day).';

export function checklistRoutes(app: App, checklists: ChecklistsService): void {
  app.get(
    '/api/decision/checklist',
    {
      schema: {
        tags: TAGS,
        description: 'The decision checklist items of every warning level (or of `level`), in order.',
        querystring: ChecklistItemsQuery,
        response: { 200: ChecklistItems, ...errors(400, 401, 403) },
      },
    },
    (req) => checklists.items(callerOf(req), req.query.level),
  );
  app.post(
    '/api/decision/checklist',
    {
      schema: {
        tags: TAGS,
        description: 'Adds an item to a level’s checklist (last unless `position`); needs checklist.manage.',
        body: ChecklistItemInput,
        response: { 200: ChecklistItem, ...errors(400, 401, 403) },
      },
    },
    (req) => checklists.create(callerOf(req), req.body),
  );
  app.put(
    '/api/decision/checklist/:id',
    {
      schema: {
        tags: TAGS,
        description: 'Changes an item (its level, position and texts); needs checklist.manage.',
        params: ChecklistItemParams,
        body: ChecklistItemInput,
        response: { 200: ChecklistItem, ...errors(400, 401, 403, 404) },
      },
    },
    (req) => checklists.update(callerOf(req), req.params.id, req.body),
  );
  app.delete(
    '/api/decision/checklist/:id',
    {
      schema: {
        tags: TAGS,
        description: 'Removes an item and its ticks; needs checklist.manage.',
        params: ChecklistItemParams,
        response: { 200: StatusOk, ...errors(400, 401, 403, 404) },
      },
    },
    async (req) => {
      await checklists.remove(callerOf(req), req.params.id);
      return { status: 'ok' as const };
    },
  );
  app.get(
    '/api/decision/situations/:situation/ticks',
    {
      schema: {
        tags: TAGS,
        description: `The caller’s group’s ticks of a situation, with who ticked and when. ${SITUATION}`,
        params: TicksParams,
        response: { 200: ChecklistTicks, ...errors(400, 401, 403) },
      },
    },
    (req) => checklists.ticks(callerOf(req), req.params.situation),
  );
  app.put(
    '/api/decision/situations/:situation/ticks/:item_id',
    {
      schema: {
        tags: TAGS,
        description: `Ticks an item for the caller’s group (ticking it again keeps the first tick); needs checklist.tick. Recorded in the access log. ${SITUATION}`,
        params: TickParams,
        response: { 200: ChecklistTick, ...errors(400, 401, 403, 404) },
      },
    },
    (req) => checklists.tick(callerOf(req), req.params.situation, req.params.item_id),
  );
  app.delete(
    '/api/decision/situations/:situation/ticks/:item_id',
    {
      schema: {
        tags: TAGS,
        description: `Unticks an item for the caller’s group; needs checklist.tick. Recorded in the access log. ${SITUATION}`,
        params: TickParams,
        response: { 200: StatusOk, ...errors(400, 401, 403, 404) },
      },
    },
    async (req) => {
      await checklists.untick(callerOf(req), req.params.situation, req.params.item_id);
      return { status: 'ok' as const };
    },
  );
}
