import { type Static, Type } from 'typebox';
import { Nullable, Paging, pageOf } from './kit.js';

/** Administration: the access log of API calls. */

export const AccessLogEntry = Type.Object({
  id: Type.Integer(),
  at: Type.String({ format: 'date-time' }),
  user_id: Nullable(Type.Integer()),
  username: Nullable(Type.String()),
  group_id: Nullable(Type.Integer()),
  method: Type.String(),
  path: Type.String(),
  status: Type.Integer(),
  ip: Type.String(),
  user_agent: Type.String(),
  duration_ms: Type.Number(),
});
export type AccessLogEntry = Static<typeof AccessLogEntry>;

export const AccessLogPage = pageOf(AccessLogEntry);
export type AccessLogPage = Static<typeof AccessLogPage>;

export const AccessLogQuery = Type.Object(
  {
    username: Type.Optional(Type.String({ maxLength: 100 })),
    path: Type.Optional(Type.String({ maxLength: 200 })),
    method: Type.Optional(Type.Enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'])),
    status: Type.Optional(Type.Integer({ minimum: 100, maximum: 599 })),
    from: Type.Optional(Type.String({ format: 'date-time' })),
    to: Type.Optional(Type.String({ format: 'date-time' })),
    format: Type.Optional(Type.Union([Type.Literal('json'), Type.Literal('csv')])),
    ...Paging,
  },
  { additionalProperties: false },
);

/** JSON `{items, total}` or, with `format=csv`, a CSV file. */
export const AccessLogResponse = Type.Union([AccessLogPage, Type.String()]);
