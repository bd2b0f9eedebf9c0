/**
 * The shop's router (ADR 0023): the page of the route table (app/routes.ts) at the history's location,
 * inside the shell; an unknown path shows 'page not found'. Every route is a fixed path (aliases
 * included), so finding the page is a lookup.
 */
import { type AppHistory, createHashHistory } from '../platform/history';
import { registerRouter } from '../platform/navigation';
import { useLocation } from '../platform/router';
import { AsyncPage, lazyPage } from './async-page';
import { NotFoundPage } from './not-found-page';
import { PendingPage } from './pending-page';
import { findRoute, type RouteDef } from './routes';
import { Shell } from './shell';

function elementFor(route: RouteDef) {
  return route.page ? <AsyncPage page={lazyPage(route.page)} /> : <PendingPage path={route.path} title={route.title} />;
}

/** The shell with the page at the current location. */
export function AppRoutes() {
  const route = findRoute(useLocation().pathname);
  return <Shell>{route ? elementFor(route) : <NotFoundPage />}</Shell>;
}

/** The app's history in the URL's hash, registered with platform/navigation. */
export function createAppHistory(): AppHistory {
  const history = createHashHistory();
  registerRouter(history);
  return history;
}
