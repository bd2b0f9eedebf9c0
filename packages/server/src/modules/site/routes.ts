/** Routes of the storefront configuration: baseConfig, genericConfig, dictionary options. */
import { shopApi } from '@haoka/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import { narrowPayTypes } from '../../gateways/payment/payment-gateway.js';
import { bindEndpoint, SerializedData } from '../../http/contract.js';
import { activeShopperMobile } from '../../http/sessions.js';
import { TtlCache } from '../../lib/ttl-cache.js';
import { onPromoterSaved } from './promoters.js';
import * as site from './service.js';

export function registerSiteRoutes(app: FastifyInstance, db: Db, options: { configCacheMs: number }): void {
  type Promoter = Awaited<ReturnType<typeof site.resolvePromoter>>;
  const promoterCache = new TtlCache<Promoter>(options.configCacheMs);
  // One answer per cached promoter row: it lives exactly as long as the row in the cache above.
  const answers = new WeakMap<Promoter, SerializedData<ReturnType<typeof site.toBaseConfig>>>();
  // A promoter saved by this process (console or CLI) shows at once here; other instances within configCacheMs.
  const stopListening = onPromoterSaved(() => promoterCache.clear());
  app.addHook('onClose', async () => {
    stopListening();
  });

  bindEndpoint(app, db, shopApi.getBaseConfig, async (input, { req }) => {
    const key = `${req.client.hostname}|${input.promoCode ?? ''}`;
    const promoter = await promoterCache.getOrLoad(key, () =>
      site.resolvePromoter(db, input.promoCode, req.client.hostname),
    );
    if (input.promoCode) await site.checkAgentDownstream(db, activeShopperMobile(await req.loadSession()), promoter);
    let answer = answers.get(promoter);
    if (!answer) {
      const config = site.toBaseConfig(promoter);
      // The cashier offers only what the payment providers take (PAYMENT_PROVIDER).
      config.showPaymentType = narrowPayTypes(config.showPaymentType, app.ctx.payments.payTypes);
      answer = new SerializedData(JSON.stringify(config));
      answers.set(promoter, answer);
    }
    return answer;
  });

  bindEndpoint(app, db, shopApi.getGenericConfig, () => site.getGenericConfig(db));

  bindEndpoint(app, db, shopApi.getDictOptions, (input) => site.getDictOptions(db, input.types));
}
