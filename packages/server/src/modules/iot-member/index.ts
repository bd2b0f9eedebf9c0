/**
 * Membership's public face for the other modules (docs/design.md, "Layering"): the card's current VIP and
 * acceleration orders and the points factor of its privileges.
 */
export { memberPointsFactor } from './privileges.js';
export { currentMemberOrders } from './view.js';
