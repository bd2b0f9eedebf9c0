/** Routes of device management (Wi-Fi settings, restart, power-off, reset). */
import { iotDeviceApi } from '@haoka/contract';
import type { FastifyInstance } from 'fastify';
import { bindEndpoint } from '../../http/contract.js';
import { sendDeviceCommand } from './service.js';

export function registerIotDeviceRoutes(app: FastifyInstance): void {
  const { db } = app.ctx;
  const deps = app.ctx;

  bindEndpoint(app, db, iotDeviceApi.setWiFiSsidPwd, (input, ctx) =>
    sendDeviceCommand(deps, ctx.card, {
      kind: 'setWiFiSsidPwd',
      wifiType: input.wifiType,
      ssid: input.ssid,
      password: input.password,
    }),
  );
  bindEndpoint(app, db, iotDeviceApi.setWiFiDisplay, (input, ctx) =>
    sendDeviceCommand(deps, ctx.card, { kind: 'setWiFiDisplay', wifiType: input.wifiType, show: input.show }),
  );
  bindEndpoint(app, db, iotDeviceApi.restartDevice, (_input, ctx) =>
    sendDeviceCommand(deps, ctx.card, { kind: 'restart' }),
  );
  bindEndpoint(app, db, iotDeviceApi.closeDevice, (_input, ctx) =>
    sendDeviceCommand(deps, ctx.card, { kind: 'close' }),
  );
  bindEndpoint(app, db, iotDeviceApi.resetDevice, (_input, ctx) =>
    sendDeviceCommand(deps, ctx.card, { kind: 'reset' }),
  );
}
