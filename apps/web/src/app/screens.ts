import type { Permission } from '@thunderwatch/shared/permissions';

export interface NavScreen {
  /** Route path; also the key under `screens.` for its name. */
  path: string;
  key: string;
  section: 'monitor' | 'analysis' | 'manage';
  permission?: Permission;
}

/** The screens in the side navigation, grouped the way a duty officer works through them. */
export const NAV_SCREENS: readonly NavScreen[] = [
  { path: '/', key: 'home', section: 'monitor' },
  { path: '/realtimealert', key: 'realtimealert', section: 'monitor' },
  { path: '/overview', key: 'overview', section: 'monitor' },
  { path: '/location', key: 'location', section: 'monitor' },
  { path: '/decision', key: 'decision', section: 'monitor' },
  { path: '/wave', key: 'wave', section: 'monitor' },
  { path: '/alert_history', key: 'alert_history', section: 'analysis' },
  { path: '/statistic', key: 'statistic', section: 'analysis' },
  { path: '/statistics_query', key: 'statistics_query', section: 'analysis' },
  { path: '/data_sheet', key: 'data_sheet', section: 'analysis' },
  { path: '/insight', key: 'insight', section: 'analysis' },
  { path: '/notification', key: 'notification', section: 'manage' },
  { path: '/distribute', key: 'distribute', section: 'manage' },
  { path: '/device', key: 'device', section: 'manage' },
  { path: '/geometry', key: 'geometry', section: 'manage' },
  { path: '/wechat', key: 'wechat', section: 'manage' },
  { path: '/users', key: 'users', section: 'manage', permission: 'user.manage' },
  { path: '/access_log', key: 'access_log', section: 'manage', permission: 'access_log.read' },
  { path: '/admin/database', key: 'admin_database', section: 'manage', permission: 'admin.db' },
];

export const NAV_SECTIONS = ['monitor', 'analysis', 'manage'] as const;

/** Screens outside the side navigation, named under `screens.` too. */
const OTHER_SCREENS = ['login', 'phone_login', 'reset_password', 'change_password', 'profile'] as const;

/**
 * The key under `screens.` of the screen at `pathname` ('/admin/database' → 'admin_database'), or
 * 'not_found' for an address no screen has.
 */
export function screenKeyOf(pathname: string): string {
  const path = `/${pathname.replace(/^\/+|\/+$/g, '')}`;
  const nav = NAV_SCREENS.find((s) => s.path === path);
  if (nav) return nav.key;
  const other = OTHER_SCREENS.find((key) => path === `/${key}`);
  return other ?? 'not_found';
}

/** A tab's title: the screen, then the portal's name for this host, so ten open tabs tell themselves apart. */
export function tabTitle(screen: string, host: string): string {
  return `${screen} · ${host}`;
}
