/** Routes of device management (Wi-Fi settings, restart, power-off, reset). */
import { iotDeviceApi } from '@haoka/contract';
import type { FastifyInstance } from 'fastify';
import { bindEndpoint } from '../../http/contract.js';
import { sendDeviceCommand } from './service.js';

export function registerIotDeviceRoutes(app: FastifyInstance): void {
  const { db } = app;
  const deps = { db, limiter: app.limiter, carrier: app.carrier };
  const card = (simNo: string | null) => simNo as string;

  bindEndpoint(app, db, iotDeviceApi.setWiFiSsidPwd, (input, ctx) =>
    sendDeviceCommand(deps, card(ctx.simNo), {
      kind: 'setWiFiSsidPwd',
      wifiType: input.wifiType,
      ssid: input.ssid,
      password: input.password,
    }),
  );
  bindEndpoint(app, db, iotDeviceApi.setWiFiDisplay, (input, ctx) =>
    sendDeviceCommand(deps, card(ctx.simNo), { kind: 'setWiFiDisplay', wifiType: input.wifiType, show: input.show }),
  );
  bindEndpoint(app, db, iotDeviceApi.restartDevice, (_input, ctx) =>
    sendDeviceCommand(deps, card(ctx.simNo), { kind: 'restart' }),
  );
  bindEndpoint(app, db, iotDeviceApi.closeDevice, (_input, ctx) =>
    sendDeviceCommand(deps, card(ctx.simNo), { kind: 'close' }),
  );
  bindEndpoint(app, db, iotDeviceApi.resetDevice, (_input, ctx) =>
    sendDeviceCommand(deps, card(ctx.simNo), { kind: 'reset' }),
  );
}
