/** The console's routes (hash history: `/admin/#/orders`); each page shows only for a role that may use it. */
import type { StaffPermission } from '@haoka/contract';
import { Spin } from 'antd';
import { lazy, type ReactNode, Suspense } from 'react';
import { createHashRouter, Navigate, type RouteObject } from 'react-router';
import { PasswordPage } from '../features/auth/password-page';
import { SignInPage } from '../features/auth/sign-in-page';
import { ConsoleLayout, HomeRedirect } from './layout';
import { Root } from './root';
import { useMay } from './session';

// Each page is its own chunk: a role loads only the pages it opens.
const OrdersPage = lazy(() => import('../features/orders/orders-page').then((m) => ({ default: m.OrdersPage })));
const RealnamePage = lazy(() =>
  import('../features/realname/realname-page').then((m) => ({ default: m.RealnamePage })),
);
const CardsPage = lazy(() => import('../features/cards/cards-page').then((m) => ({ default: m.CardsPage })));
const InventoryPage = lazy(() =>
  import('../features/inventory/inventory-page').then((m) => ({ default: m.InventoryPage })),
);
const CataloguePage = lazy(() =>
  import('../features/catalogue/catalogue-page').then((m) => ({ default: m.CataloguePage })),
);
const StaffPage = lazy(() => import('../features/staff/staff-page').then((m) => ({ default: m.StaffPage })));
const PaymentsPage = lazy(() =>
  import('../features/payments/payments-page').then((m) => ({ default: m.PaymentsPage })),
);
const SmsLogPage = lazy(() => import('../features/payments/sms-log-page').then((m) => ({ default: m.SmsLogPage })));
const AuditPage = lazy(() => import('../features/audit/audit-page').then((m) => ({ default: m.AuditPage })));
const DashboardPage = lazy(() =>
  import('../features/dashboard/dashboard-page').then((m) => ({ default: m.DashboardPage })),
);
const PromotersPage = lazy(() =>
  import('../features/content/promoters-page').then((m) => ({ default: m.PromotersPage })),
);
const LayoutsPage = lazy(() => import('../features/content/layouts-page').then((m) => ({ default: m.LayoutsPage })));
const JobsPage = lazy(() => import('../features/dashboard/jobs-page').then((m) => ({ default: m.JobsPage })));

function Allowed({ permission, children }: { permission: StaffPermission; children: ReactNode }) {
  const may = useMay();
  return may(permission) ? <Suspense fallback={<Spin />}>{children}</Suspense> : <Navigate to="/" replace />;
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
              path: 'promoters',
              element: (
                <Allowed permission="content.read">
                  <PromotersPage />
                </Allowed>
              ),
            },
            {
              path: 'layouts',
              element: (
                <Allowed permission="content.read">
                  <LayoutsPage />
                </Allowed>
              ),
            },
            {
              path: 'payments',
              element: (
                <Allowed permission="payments.read">
                  <PaymentsPage />
                </Allowed>
              ),
            },
            {
              path: 'sms',
              element: (
                <Allowed permission="payments.read">
                  <SmsLogPage />
                </Allowed>
              ),
            },
            {
              path: 'cards',
              element: (
                <Allowed permission="cards.read">
                  <CardsPage />
                </Allowed>
              ),
            },
            {
              path: 'catalogue/:kind?',
              element: (
                <Allowed permission="content.read">
                  <CataloguePage />
                </Allowed>
              ),
            },
            {
              path: 'inventory',
              element: (
                <Allowed permission="inventory.read">
                  <InventoryPage />
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
            {
              path: 'dashboard',
              element: (
                <Allowed permission="dashboard.read">
                  <DashboardPage />
                </Allowed>
              ),
            },
            {
              path: 'jobs',
              element: (
                <Allowed permission="system.read">
                  <JobsPage />
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
