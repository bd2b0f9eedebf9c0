/** Routes of the staff console's foundation: sign-in, session, password, staff management, audit log. */
import { adminApi } from '@haoka/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import { staffActor } from '../../http/audit.js';
import { bindEndpoint } from '../../http/contract.js';
import { clearStaffCookie, setStaffCookie } from '../../http/staff-sessions.js';
import * as staff from './service.js';

export function registerStaffRoutes(app: FastifyInstance, db: Db): void {
  // The console is served over HTTPS in production; elsewhere it may run on plain http://localhost.
  const secure = app.ctx.config.env === 'production';

  bindEndpoint(app, db, adminApi.login, async (input, { req, reply }) => {
    const { token, me } = await staff.login(app.ctx, input, req.ip);
    setStaffCookie(reply, token, secure);
    return me;
  });

  bindEndpoint(app, db, adminApi.logout, async (_input, ctx) => {
    await staff.logout(db, ctx.staff, staffActor(ctx.staff, ctx.req.ip));
    clearStaffCookie(ctx.reply, secure);
    return null;
  });

  bindEndpoint(app, db, adminApi.me, (_input, ctx) => staff.meOf(ctx.staff));

  bindEndpoint(app, db, adminApi.changePassword, (input, ctx) =>
    staff.changePassword(db, ctx.staff, input, staffActor(ctx.staff, ctx.req.ip)),
  );

  bindEndpoint(app, db, adminApi.listStaff, async () => ({ list: await staff.listStaff(db) }));

  bindEndpoint(app, db, adminApi.addStaff, (input, ctx) =>
    staff.addStaff(db, input, staffActor(ctx.staff, ctx.req.ip)),
  );

  bindEndpoint(app, db, adminApi.disableStaff, async (input, ctx) => {
    await staff.disableStaff(db, input.username, staffActor(ctx.staff, ctx.req.ip));
    return null;
  });

  bindEndpoint(app, db, adminApi.resetStaff, (input, ctx) =>
    staff.resetStaff(db, input.username, staffActor(ctx.staff, ctx.req.ip)),
  );

  bindEndpoint(app, db, adminApi.auditLog, (input) => staff.auditPage(db, input));
}
