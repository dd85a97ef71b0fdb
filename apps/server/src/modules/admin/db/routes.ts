import {
  AdminDbAuditPage,
  AdminDbAuditQuery,
  AdminDbItem,
  AdminDbItemEdit,
  AdminDbItemQuery,
  AdminDbTableAnswer,
  AdminDbTableQuery,
} from '@thunderwatch/shared/schemas/admin-db';
import { errors } from '@thunderwatch/shared/schemas/kit';
import { callerOf } from '../../../lib/caller.js';
import type { App } from '../../../lib/fastify.js';
import type { AdminDbService } from './admin-db-service.js';

/** The administrator's database view (`admin.db`); registered inside the access-logged API scope. */
export function adminDbRoutes(app: App, db: AdminDbService): void {
  const tags = ['admin database'];
  app.get(
    '/api/admin/dynamo_db/table',
    {
      schema: {
        tags,
        description:
          'Without `table`: the allow-listed tables. With it: a page of rows, sorted and filtered.',
        querystring: AdminDbTableQuery,
        response: { 200: AdminDbTableAnswer, ...errors(400, 401, 403) },
      },
    },
    async (req) => {
      const { table } = req.query;
      if (table === undefined) return db.tables(callerOf(req));
      return db.page(callerOf(req), { ...req.query, table });
    },
  );
  app.get(
    '/api/admin/dynamo_db/item',
    {
      schema: {
        tags,
        description: 'One row by its primary key',
        querystring: AdminDbItemQuery,
        response: { 200: AdminDbItem, ...errors(400, 401, 403, 404) },
      },
    },
    async (req) => db.item(callerOf(req), req.query.table, req.query.key),
  );
  for (const method of ['PUT', 'PATCH'] as const) {
    app.route({
      method,
      url: '/api/admin/dynamo_db/item',
      schema: {
        tags,
        description: 'Edits allow-listed columns of one row (ADMIN_DB_WRITE=true only); audited',
        body: AdminDbItemEdit,
        response: { 200: AdminDbItem, ...errors(400, 401, 403, 404) },
      },
      handler: async (req) => db.edit(callerOf(req), req.body),
    });
  }
  app.get(
    '/api/admin/dynamo_db/audit',
    {
      schema: {
        tags,
        description: 'Edits made through the database view, newest first',
        querystring: AdminDbAuditQuery,
        response: { 200: AdminDbAuditPage, ...errors(400, 401, 403) },
      },
    },
    async (req) => db.audit(callerOf(req), req.query.table, req.query.limit, req.query.offset),
  );
}
