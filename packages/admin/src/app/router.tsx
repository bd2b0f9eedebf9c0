/** The console's routes (hash history: `/admin/#/orders`); each page shows only for a role that may use it. */
import type { StaffPermission } from '@haoka/contract';
import type { ReactNode } from 'react';
import { createHashRouter, Navigate, type RouteObject } from 'react-router';
import { AuditPage } from '../features/audit/audit-page';
import { PasswordPage } from '../features/auth/password-page';
import { SignInPage } from '../features/auth/sign-in-page';
import { OrdersPage } from '../features/orders/orders-page';
import { RealnamePage } from '../features/realname/realname-page';
import { StaffPage } from '../features/staff/staff-page';
import { ConsoleLayout, HomeRedirect } from './layout';
import { Root } from './root';
import { useMay } from './session';

function Allowed({ permission, children }: { permission: StaffPermission; children: ReactNode }) {
  const may = useMay();
  return may(permission) ? children : <Navigate to="/" replace />;
}

export function routeObjects(): RouteObject[] {
  return [
    {
      element: <Root />,
      children: [
        { path: '/sign-in', element: <SignInPage /> },
        { path: '/password', element: <PasswordPage /> },
        {
          path: '/',
          element: <ConsoleLayout />,
          children: [
            { index: true, element: <HomeRedirect /> },
            {
              path: 'orders',
              element: (
                <Allowed permission="orders.read">
                  <OrdersPage />
                </Allowed>
              ),
            },
            {
              path: 'realname',
              element: (
                <Allowed permission="cards.read">
                  <RealnamePage />
                </Allowed>
              ),
            },
            {
              path: 'staff',
              element: (
                <Allowed permission="staff.read">
                  <StaffPage />
                </Allowed>
              ),
            },
            {
              path: 'audit',
              element: (
                <Allowed permission="audit.read">
                  <AuditPage />
                </Allowed>
              ),
            },
            { path: '*', element: <HomeRedirect /> },
          ],
        },
      ],
    },
  ];
}

export function createAppRouter() {
  return createHashRouter(routeObjects());
}
