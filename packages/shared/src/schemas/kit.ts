import { type Static, type TSchema, Type } from 'typebox';
import { SUPPORTED_LANGUAGES } from '../languages.js';
import { PERMISSIONS, ROLES } from '../permissions.js';

/**
 * Building blocks of the HTTP schemas: ids, paging, errors, users. Each area's schemas sit beside this file;
 * every DTO's type is the `Static` of its schema, so the two cannot drift apart.
 */
export const Phone = Type.String({ pattern: '^\\+?[0-9]{6,15}$', description: 'Digits, optional leading +' });
export const Password = Type.String({ minLength: 1, maxLength: 256 });
export const Language = Type.Enum(SUPPORTED_LANGUAGES);
export const RoleName = Type.Enum(ROLES);
export const PermissionName = Type.Enum(PERMISSIONS);
export const Email = Type.String({ format: 'email', maxLength: 254 });
/** Largest id a request may name: exact in a JS number, below PostgreSQL's bigint limit. */
export const MAX_ID = Number.MAX_SAFE_INTEGER;
/** Largest `offset` (PostgreSQL int4): keeps every paging value a plain integer the database accepts. */
export const MAX_OFFSET = 2_147_483_647;
export const Id = Type.Integer({ minimum: 1, maximum: MAX_ID });

export const ErrorBody = Type.Object({
  error: Type.Object({
    code: Type.String(),
    message: Type.String(),
    details: Type.Optional(Type.Array(Type.Object({ field: Type.String(), message: Type.String() }))),
  }),
});

/** `T` or null. */
export const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

export const StatusOk = Type.Object({ status: Type.Literal('ok') });

/** A code the screen words in the reader's language, with its parameters (why a job failed, a recommendation). */
export const CodeWithParams = Type.Object({
  code: Type.String(),
  params: Type.Record(Type.String(), Type.Unknown()),
});
export type CodeWithParams = Static<typeof CodeWithParams>;
export type StatusOk = Static<typeof StatusOk>;

export const Paging = {
  limit: Type.Integer({ minimum: 1, maximum: 1000, default: 50 }),
  offset: Type.Integer({ minimum: 0, maximum: MAX_OFFSET, default: 0 }),
};

export function pageOf<T extends TSchema>(item: T) {
  return Type.Object({ items: Type.Array(item), total: Type.Integer() });
}

export const NotificationPrefs = Type.Object(
  { in_app: Type.Boolean(), sms: Type.Boolean(), email: Type.Boolean(), wechat: Type.Boolean() },
  { additionalProperties: false },
);
export type NotificationPrefs = Static<typeof NotificationPrefs>;

export const GroupSummary = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  name_en: Type.Union([Type.String(), Type.Null()]),
});
export type GroupSummary = Static<typeof GroupSummary>;

export const User = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  name: Type.String(),
  phone: Type.Union([Type.String(), Type.Null()]),
  email: Type.Union([Type.String(), Type.Null()]),
  role: RoleName,
  group: GroupSummary,
  language: Language,
  time_zone: Type.String(),
  notification_prefs: NotificationPrefs,
  disabled: Type.Boolean(),
  created_at: Type.String({ format: 'date-time' }),
});
export type UserDto = Static<typeof User>;

/** `/api/user_data`: the caller plus what they may do. */
export const CurrentUser = Type.Intersect([User, Type.Object({ permissions: Type.Array(PermissionName) })]);
export type CurrentUserDto = Static<typeof CurrentUser>;

export const TokenPair = Type.Object({ access: Type.String(), refresh: Type.String() });
export type TokenPair = Static<typeof TokenPair>;

export const LoginResponse = Type.Object({
  access: Type.String(),
  refresh: Type.String(),
  user: CurrentUser,
});
export type LoginResponse = Static<typeof LoginResponse>;

/** Standard error responses for the OpenAPI document. */
export const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [s, ErrorBody]));

/** A row of a batch refused on its own (row n of a CSV is its n-th line after the header; of JSON, element n − 1). */
export const RejectedRow = Type.Object({
  row: Type.Integer(),
  field: Type.String(),
  message: Type.String(),
});
export type RejectedRow = Static<typeof RejectedRow>;

/** The rows of a batch refused while the valid rest was stored: the first 100, and how many in all. */
export const rejectedRows = {
  rejected: Type.Array(RejectedRow, {
    description:
      'Rows refused, each named (the first 100; `rejected_total` counts them all); the others are stored',
  }),
  rejected_total: Type.Integer(),
};
