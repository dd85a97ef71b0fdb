import { type Static, Type } from 'typebox';
import {
  Email,
  Id,
  Language,
  LoginResponse,
  MAX_ID,
  NotificationPrefs,
  Nullable,
  Paging,
  Password,
  PermissionName,
  Phone,
  pageOf,
  RoleName,
  User,
} from './kit.js';

/** Accounts: sign-in and tokens, verify codes, the caller's profile, users, roles, groups, branding. */

// Sign-in and tokens

export const LoginRequest = Type.Object(
  {
    username: Type.String({ minLength: 1, maxLength: 128, description: 'A username or a phone number' }),
    password: Password,
  },
  { additionalProperties: false },
);
export type LoginRequest = Static<typeof LoginRequest>;

export const RefreshRequest = Type.Object(
  { refresh: Type.String({ minLength: 1, maxLength: 512 }) },
  { additionalProperties: false },
);

export const LogoutRequest = Type.Optional(
  Type.Object({ refresh: Type.Optional(Type.String()) }, { additionalProperties: false }),
);

export const ChangePasswordRequest = Type.Object(
  { old_password: Password, new_password: Password },
  { additionalProperties: false },
);

// Verify codes by SMS: sign-in by phone and password reset

export const VerifyPurpose = Type.Union([Type.Literal('login'), Type.Literal('reset_password')]);
export type VerifyPurpose = Static<typeof VerifyPurpose>;

const VerifyCode = Type.String({ pattern: '^[0-9]{6}$', description: 'Six digits' });

export const SendVerifyCodeRequest = Type.Object(
  { phone: Phone, purpose: VerifyPurpose },
  { additionalProperties: false },
);

export const SendVerifyCodeResponse = Type.Object({
  sent: Type.Literal(true),
  resend_after: Type.Integer({ description: 'Seconds until another code may be sent to this phone' }),
});
export type SendVerifyCodeResponse = Static<typeof SendVerifyCodeResponse>;

export const CheckVerifyCodeRequest = Type.Object(
  { phone: Phone, code: VerifyCode, purpose: VerifyPurpose },
  { additionalProperties: false },
);

/** A sign-in (purpose `login`) or the code's confirmation (purpose `reset_password`). */
export const CheckVerifyCodeResponse = Type.Union([
  LoginResponse,
  Type.Object({ valid: Type.Literal(true) }),
]);

export const ResetPasswordRequest = Type.Object(
  { phone: Phone, code: VerifyCode, password: Password },
  { additionalProperties: false },
);

// The caller's profile and language

const Name = Type.String({ maxLength: 100 });
const OptPhone = Type.Optional(Type.Union([Phone, Type.Null()]));
const OptEmail = Type.Optional(Type.Union([Email, Type.Null()]));

export const OwnProfileChanges = Type.Object(
  {
    name: Type.Optional(Name),
    phone: OptPhone,
    email: OptEmail,
    language: Type.Optional(Language),
    time_zone: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    notification_prefs: Type.Optional(NotificationPrefs),
  },
  { additionalProperties: false },
);

export const LanguageRequest = Type.Object({ lang: Language }, { additionalProperties: false });
export const LanguageResponse = Type.Object({ status: Type.Literal('ok'), lang: Language });

/** Branding by the first label of the host name, open to everyone. */
export const CompanyInfo = Type.Object({
  label: Type.String({ description: 'First label of the request host, e.g. `gz`' }),
  title: Type.Object({ 'zh-Hans': Type.String(), en: Type.String() }),
  logo: Nullable(Type.String()),
});
export type CompanyInfo = Static<typeof CompanyInfo>;

// Users and roles

export const UserListQuery = Type.Object(
  {
    group_id: Type.Optional(Id),
    recipients_of: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: MAX_ID,
        description:
          "Instead of group_id: who may be on this group's distribution lists, its users and the administrators " +
          '(the phone and e-mail of administrators of groups the caller cannot see are left out)',
      }),
    ),
    q: Type.Optional(
      Type.String({ maxLength: 100, description: 'Part of the user name, name or phone number' }),
    ),
    ...Paging,
  },
  { additionalProperties: false },
);

export const UserPage = pageOf(User);
export type UserPage = Static<typeof UserPage>;

export const NewUser = Type.Object(
  {
    username: Type.String({ pattern: '^[A-Za-z0-9][A-Za-z0-9._-]{1,39}$' }),
    password: Password,
    role: RoleName,
    name: Type.Optional(Name),
    phone: OptPhone,
    email: OptEmail,
    group_id: Type.Optional(Id),
  },
  { additionalProperties: false },
);

export const UserChanges = Type.Object(
  {
    name: Type.Optional(Name),
    phone: OptPhone,
    email: OptEmail,
    disabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export const Role = Type.Object({
  name: RoleName,
  permissions: Type.Array(PermissionName),
  assignable: Type.Boolean({ description: 'Whether the caller may hand this role out' }),
});
export type RoleDto = Static<typeof Role>;

export const RoleList = Type.Object({ items: Type.Array(Role) });
export type RoleList = Static<typeof RoleList>;

export const ChangeRoleRequest = Type.Object(
  { user_id: Id, role: RoleName },
  { additionalProperties: false },
);

export const AdminResetPasswordRequest = Type.Object(
  { user_id: Id, password: Type.Optional(Password) },
  { additionalProperties: false },
);

export const AdminResetPasswordResponse = Type.Object({
  status: Type.Literal('ok'),
  password: Type.Optional(Type.String({ description: 'The generated password, when none was given' })),
});

// Groups

const GroupName = Type.String({ minLength: 1, maxLength: 100 });

export const Group = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  name: Type.String(),
  name_en: Nullable(Type.String()),
  contact_name: Nullable(Type.String()),
  contact_phone: Nullable(Type.String()),
  contact_email: Nullable(Type.String()),
  address: Nullable(Type.String()),
  user_count: Type.Integer(),
  created_at: Type.String({ format: 'date-time' }),
});
export type GroupDto = Static<typeof Group>;

export const GroupListQuery = Type.Object(Paging, { additionalProperties: false });

export const GroupPage = pageOf(Group);
export type GroupPage = Static<typeof GroupPage>;

export const NewGroup = Type.Object(
  {
    slug: Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,39}$' }),
    name: GroupName,
    name_en: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
  },
  { additionalProperties: false },
);

export const GroupProfileChanges = Type.Object(
  {
    group_id: Type.Optional(Id),
    name: Type.Optional(GroupName),
    name_en: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
    contact_name: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
    contact_phone: Type.Optional(Type.Union([Phone, Type.Null()])),
    contact_email: Type.Optional(Type.Union([Email, Type.Null()])),
    address: Type.Optional(Nullable(Type.String({ maxLength: 300 }))),
  },
  { additionalProperties: false },
);
