import type { Language } from './languages.js';
import type { Permission, Role } from './permissions.js';

export interface Page<T> {
  items: T[];
  total: number;
}

export interface NotificationPrefs {
  in_app: boolean;
  sms: boolean;
  email: boolean;
  wechat: boolean;
}

export interface GroupSummary {
  id: number;
  name: string;
  name_en: string | null;
}

export interface UserDto {
  id: number;
  username: string;
  name: string;
  phone: string | null;
  email: string | null;
  role: Role;
  group: GroupSummary;
  language: Language;
  time_zone: string;
  notification_prefs: NotificationPrefs;
  disabled: boolean;
  created_at: string;
}

/** `/api/user_data`: the caller plus what they may do. */
export interface CurrentUserDto extends UserDto {
  permissions: Permission[];
}

export interface GroupDto extends GroupSummary {
  slug: string;
  contact_name: string | null;
  contact_phone: string | null;
  contact_email: string | null;
  address: string | null;
  user_count: number;
  created_at: string;
}

export interface TokenPair {
  access: string;
  refresh: string;
}

export interface LoginResponse extends TokenPair {
  user: CurrentUserDto;
}

export interface LoginRequest {
  /** A username or a phone number. */
  username: string;
  password: string;
}

export type VerifyPurpose = 'login' | 'reset_password';

export interface SendVerifyCodeResponse {
  sent: true;
  /** Seconds until another code may be sent to this phone. */
  resend_after: number;
}

export interface CompanyInfo {
  /** First label of the request host, e.g. `gz`. */
  label: string;
  title: Record<Language, string>;
  logo: string | null;
}

export interface AccessLogEntry {
  id: number;
  at: string;
  user_id: number | null;
  username: string | null;
  group_id: number | null;
  method: string;
  path: string;
  status: number;
  ip: string;
  user_agent: string;
  duration_ms: number;
}

export interface RoleDto {
  name: Role;
  permissions: Permission[];
  assignable: boolean;
}

export interface StatusOk {
  status: 'ok';
}
