/**
 * The points mall's public face for the other modules (docs/design.md, "Layering"): its back-office steps,
 * which the console's orders queue (modules/orders) runs. Everything else in this folder is its own.
 */
export { type MallBackOfficeStep, runMallBackOffice } from './back-office.js';
