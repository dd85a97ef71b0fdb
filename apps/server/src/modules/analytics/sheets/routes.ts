import { errors } from '@thunderwatch/shared/schemas/kit';
import {
  SheetExportQuery,
  SheetIdParams,
  SheetList,
  SheetPage,
  SheetQuery,
} from '@thunderwatch/shared/schemas/sheets';
import { Type } from 'typebox';
import { callerOf } from '../../../lib/caller.js';
import type { App } from '../../../lib/fastify.js';
import type { SheetsService } from './sheets-service.js';

/** The fixed data sheets (`/api/insight/sheet/`): the data_sheet screen's tables and the tables behind reports. */
export function sheetRoutes(app: App, sheets: SheetsService): void {
  app.get(
    '/api/insight/sheet/',
    {
      schema: {
        tags: ['analytics'],
        description:
          'The data sheets there are: id, names, description and columns (headers in both languages).',
        response: { 200: SheetList, ...errors(401, 403) },
      },
    },
    (req) => sheets.list(callerOf(req)),
  );

  app.get(
    '/api/insight/sheet/:id',
    {
      schema: {
        tags: ['analytics'],
        description:
          'One sheet for the period [from, to) (at most 366 days) and the caller’s group (administrators: all, or ' +
          '`group_id`): a page of rows sorted by `sort` (a column key; empty cells last).',
        params: SheetIdParams,
        querystring: SheetQuery,
        response: { 200: SheetPage, ...errors(400, 401, 403, 404) },
      },
    },
    (req) => sheets.page(callerOf(req), req.params.id, req.query),
  );

  app.get(
    '/api/insight/sheet/:id/export',
    {
      schema: {
        tags: ['analytics'],
        description:
          'Every row of the sheet, sorted as the page, as a CSV (UTF-8 with BOM) or XLSX download; headers in ' +
          '`lang`, by default both ("中文 / English").',
        params: SheetIdParams,
        querystring: SheetExportQuery,
        response: { 200: Type.Unsafe({ type: 'string', format: 'binary' }), ...errors(400, 401, 403, 404) },
      },
    },
    async (req, reply) => {
      const file = await sheets.export(callerOf(req), req.params.id, req.query);
      return reply
        .type(file.type)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(file.body);
    },
  );
}
