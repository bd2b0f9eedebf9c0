/** API.md §7's timed jobs, by the names the modules register them under: what the job tests expect. */
export const API_JOBS = [
  'shop-order-timeout',
  'iot-order-timeout',
  'iot-package-lifecycle',
  'iot-auto-renew',
  'iot-coupon-expiry',
  'iot-member-lifecycle',
  'iot-member-timeout',
  'iot-mall-order-timeout',
  'iot-mall-auto-confirm',
  'payment-reconcile',
  'number-lock-sweep',
  'upstream-sync',
] as const;
