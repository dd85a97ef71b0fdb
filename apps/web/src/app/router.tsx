import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppShell } from './app-shell';
import { PageLoading } from './page-loading';
import { RequireAuth } from './require-auth';
import { RouteError } from './route-error';

type RouteModule = Promise<{ default: ComponentType }>;

/** One lazily loaded chunk per screen: each route's code loads only when it is first opened. */
function screen(path: string | undefined, load: () => RouteModule): RouteObject {
  const lazy = async () => ({ Component: (await load()).default });
  return path === undefined ? { index: true, lazy } : { path, lazy };
}

export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    errorElement: <RouteError />,
    HydrateFallback: PageLoading,
    children: [
      screen('login', () => import('./routes/login')),
      screen('phone_login', () => import('./routes/phone-login')),
      screen('reset_password', () => import('./routes/reset-password')),
      {
        element: <RequireAuth />,
        children: [
          screen(undefined, () => import('./routes/home')),
          screen('access_log', () => import('./routes/access-log')),
          screen('admin/database', () => import('./routes/admin-database')),
          screen('change_password', () => import('./routes/change-password')),
          screen('profile', () => import('./routes/profile')),
          screen('users', () => import('./routes/users')),
          screen('location', () => import('./routes/location')),
          screen('realtimealert', () => import('./routes/realtimealert')),
          screen('statistic', () => import('./routes/statistic')),
          screen('wechat', () => import('./routes/wechat')),
          screen('geometry', () => import('./routes/geometry')),
          screen('distribute', () => import('./routes/distribute')),
          screen('notification', () => import('./routes/notification')),
          screen('device', () => import('./routes/device')),
          screen('statistics_query', () => import('./routes/statistics-query')),
          screen('data_sheet', () => import('./routes/data-sheet')),
          screen('overview', () => import('./routes/overview')),
          screen('wave', () => import('./routes/wave')),
          screen('decision', () => import('./routes/decision')),
          screen('insight', () => import('./routes/insight')),
          screen('alert_history', () => import('./routes/alert-history')),
        ],
      },
      screen('*', () => import('./routes/not-found')),
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
