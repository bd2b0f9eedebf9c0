/** The local Redis the multi-instance tests share, and the clean-up of what they leave in it. */
import { RedisRateLimiter } from '../http/rate-limit.js';
import { SMS_SCENES } from '../modules/sms/service.js';

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * Removes the limit counters a test's shoppers left in the shared Redis (the SMS day counters last 24 h):
 * the SMS and login counters of each mobile and client address it used.
 */
export async function resetLimitCounters(used: { mobiles?: readonly string[]; ips?: readonly string[] }) {
  const redis = new RedisRateLimiter(TEST_REDIS_URL);
  try {
    for (const mobile of used.mobiles ?? []) {
      const minutes = SMS_SCENES.map((scene) => `sms:minute:${scene}:${mobile}`);
      for (const key of [...minutes, `sms:day:${mobile}`, `login:fail-mobile:${mobile}`]) {
        await redis.reset(key);
      }
    }
    for (const ip of used.ips ?? []) {
      for (const key of [`sms:ip-day:${ip}`, `login:fail-ip:${ip}`, `sim-login:fail-ip:${ip}`]) await redis.reset(key);
    }
  } finally {
    await redis.close();
  }
}
