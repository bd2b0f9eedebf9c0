/** Routes of platform sign-in and authorisation (WeChat, Kuaishou, Douyin): API.md §3 and §6 wechatAuthorize. */
import { platformApi } from '@haoka/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { createWechatGateway, signInConfigured } from '../../gateways/wechat/create-wechat-gateway.js';
import type { WechatGateway } from '../../gateways/wechat/wechat-gateway.js';
import { fail } from '../../http/app-error.js';
import { bindEndpoint } from '../../http/contract.js';
import { refusalEnvelope } from '../../http/errors.js';
import { parseInput } from '../../http/validation.js';
import { requestOrigin } from '../payments/service.js';
import * as platform from './service.js';

const CALLBACK_PATH = `${platformApi.WECHAT_AUTHORIZE_PATH}/callback`;
const callbackQuery = z.object({ code: z.string().min(1).max(512), state: z.string().regex(/^[0-9a-f]{24}$/) });

export function registerPlatformRoutes(app: FastifyInstance): void {
  const db = app.ctx.db;
  // One gateway per configuration (the official one caches its jsapi_ticket); tests may change the config.
  let gateway: { key: string; value: WechatGateway } | null = null;
  const wechat = (): WechatGateway => {
    const config = app.ctx.config.wechat ?? {};
    const key = JSON.stringify(config);
    if (gateway?.key !== key) gateway = { key, value: createWechatGateway(config) };
    return gateway.value;
  };
  const baseUrl = (req: FastifyRequest) => (app.ctx.config.publicUrl ?? requestOrigin(req)).replace(/\/+$/, '');

  bindEndpoint(app, db, platformApi.getWechatInfo, (input, { req }) =>
    platform.wechatInfo(db, {
      openId: req.client.platformOpenId,
      url: input.url,
      signInEnabled: signInConfigured(app.ctx.config.wechat),
    }),
  );

  bindEndpoint(app, db, platformApi.getWxJsSign, (input) =>
    platform.signJsSdkIfConfigured(app.ctx.config.wechat, wechat, input.url),
  );

  bindEndpoint(app, db, platformApi.checkScanAuthorize, (input) => platform.checkTicket(db, input.scene));

  bindEndpoint(app, db, platformApi.updateAuthorizeStatus, (input, { req }) =>
    platform.decideTicket(db, {
      scene: input.scene,
      status: input.status,
      openId: req.client.platformOpenId,
      platform: platform.miniPlatformOf(req.client.platform),
    }),
  );

  bindEndpoint(app, db, platformApi.ksUpdateProfile, (input, { req }) =>
    platform.updateKsProfile(db, { openId: req.client.platformOpenId, ...input }),
  );

  // ADDED GET /api/site/wechatAuthorize: 302 into WeChat's sign-in, back to a page of this site only.
  app.get(platformApi.WECHAT_AUTHORIZE_PATH, async (req, reply) => {
    const parsed = parseInput(platformApi.wechatAuthorizeQuery, req.query);
    if (!parsed.ok) {
      const refusal = { code: -1, message: parsed.message, reason: parsed.reason, data: { field: parsed.field } };
      return reply.status(400).send(refusal);
    }
    const request = { host: req.hostname, clientHostname: req.client.hostname };
    if (!platform.isOwnRedirect(parsed.value.syncRedirect, request, app.ctx.config.publicUrl)) {
      return reply.status(400).send(refusalEnvelope(-1, 'redirectNotOwn'));
    }
    if (!signInConfigured(app.ctx.config.wechat)) throw fail('wechatNotConfigured');
    const location = await platform.startWechatSignIn(db, wechat(), {
      syncRedirect: parsed.value.syncRedirect,
      callbackUrl: `${baseUrl(req)}${CALLBACK_PATH}`,
      type: parsed.value.type,
    });
    return reply.redirect(location, 302);
  });

  app.get(CALLBACK_PATH, async (req, reply) => {
    const parsed = parseInput(callbackQuery, req.query);
    if (!parsed.ok) throw fail('authorizationExpired');
    const location = await platform.viaWechat(() => platform.finishWechatSignIn(db, wechat(), parsed.value));
    return reply.redirect(location, 302);
  });
}
