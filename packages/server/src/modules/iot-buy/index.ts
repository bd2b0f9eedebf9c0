/**
 * Card buying's public face for the other modules (docs/design.md, "Layering"): the card's ledgers, the pay
 * password, card payments, a staff grant of a package, package terms and the pool. Everything else in this
 * folder is its own.
 */
export { adjustBalance, moveBalance, moveCoins, moveIntegral } from './ledger.js';
export { openPackages } from './opening-package.js';
export { grantPackage } from './package-grant.js';
export { allocateUsage } from './package-lifecycle.js';
export { toCoupon } from './package-terms.js';
export { checkPayPassword } from './pay-password.js';
export { chargeVolume } from './renew.js';
export { addDuration } from './schedule.js';
export { cardPayTypes, type PayContext, UNPAID_TTL_MS } from './shared.js';
