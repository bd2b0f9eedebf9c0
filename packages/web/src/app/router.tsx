/** The hash router built from the route table; unknown paths show 'page not found'. */
import { createHashRouter, type RouteObject } from 'react-router';
import { navigateUrl, registerRouter } from '../platform/navigation';
import { AsyncPage, lazyPage } from './async-page';
import { NotFoundPage } from './not-found-page';
import { PendingPage } from './pending-page';
import { ROUTES, type RouteDef } from './routes';
import { Shell } from './shell';

function elementFor(route: RouteDef) {
  return route.page ? <AsyncPage page={lazyPage(route.page)} /> : <PendingPage path={route.path} title={route.title} />;
}

export function routeObjects(): RouteObject[] {
  const children: RouteObject[] = ROUTES.flatMap((route) =>
    [route.path, ...(route.aliases ?? [])].map((path) => ({ path, element: elementFor(route) })),
  );
  children.push({ path: '*', element: <NotFoundPage /> });
  return [{ element: <Shell />, children }];
}

export function createAppRouter() {
  const router = createHashRouter(routeObjects());
  registerRouter(router);
  return router;
}

export { navigateUrl };
