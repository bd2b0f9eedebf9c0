#!/usr/bin/env node
/** CLI: `serve` (default) | `migrate` | `seed`. Later issues add `import`, `order`, `jobs`. */
import { buildApp, prepareDatabase } from './app.js';
import { loadConfig } from './config.js';
import { createDatabase } from './db/database.js';
import { type MallBackOfficeAction, runMallBackOffice } from './modules/iot-mall/back-office.js';
import { refundMemberOrder } from './modules/iot-member/lifecycle.js';
import { reviewPlatformAuth } from './modules/iot-realname/service.js';
import { importNumbersCsv } from './modules/numbers/import.js';
import { type BackOfficeAction, runBackOffice } from './modules/orders/back-office.js';
import { issueTicket } from './modules/platform/service.js';

const USAGE = `Usage: haoka <command>

Commands:
  serve     migrate, seed an empty database, then serve the shop and the API (default)
  migrate   apply pending migrations
  seed      run pending seeders (demo data unless SEED_DEMO=0)
  import numbers <file.csv>
            import vanity numbers: columns number, provinceCode, cityCode, price, originalPrice,
            minConsume, contractMonths and optional status (0|1), promoCode, operatorType; prices in
            yuan. Bad rows are reported with their line numbers and skipped; re-importing a number
            updates it. Exit code 0 when every row was imported, 3 when some were rejected.
  order <orderSn> audit|reject|ship|complete|refund [note]
            back-office transition of a shop order: audit (待审核 → 待发货), reject (审核失败, refunded
            when paid), ship (待发货 → 已发货 with a tracking number; note = courier name), complete
            (已发货 → 已完成), refund (待审核/待发货 → 已退款, money back through the provider)
  mall-order <orderSn> ship|collect [note]
            back-office step of a points-mall order: ship (待发货 → 待收货 with a tracking number; note =
            courier name), collect (a pickup handed over at the store: 待自提 → 已完成; note = the
            holder's pick code, checked when given)
  sim-auth <simNo> approve|reject [remark]
            back-office review of a card's pending platform real-name (审核中): approve (→ 已实名) or
            reject (→ 认证失败; the remark is shown to the card holder)
  member-refund <orderSn> 1|2 [remark]
            back-office refund of a VIP (VP…) or acceleration (AC…) order that is 生效中 or 待生效:
            1 原路退回 (online payments back through the provider), 2 退回余额 (credited to the card's
            balance); a balance payment always goes back to the balance
  authorize-ticket [appName] [ttlSeconds]
            issue a scan-to-authorise ticket for a requesting app (default 好卡商城后台, 300 s; 0 makes
            an already expired one); prints its scene, to open /pages/authorize/index?scene=<scene>
`;

async function main(argv: string[]): Promise<number> {
  const [command = 'serve'] = argv;
  if (command === '--help' || command === '-h' || command === 'help') {
    process.stdout.write(USAGE);
    return 0;
  }
  const config = loadConfig();
  if (command === 'migrate' || command === 'seed') {
    const handle = createDatabase(config.db);
    try {
      const result = await prepareDatabase(handle, {
        demo: command === 'seed' && config.seedDemo,
        demoNumbers: config.demoNumbers,
      });
      process.stdout.write(
        `migrated: ${result.migrated.join(', ') || 'none'}; seeded: ${result.seeded.join(', ') || 'none'}\n`,
      );
    } finally {
      await handle.destroy();
    }
    return 0;
  }
  if (command === 'import') {
    const [kind, file] = argv.slice(1);
    if (kind !== 'numbers' || !file) {
      process.stderr.write(`Usage: haoka import numbers <file.csv>\n`);
      return 2;
    }
    const handle = createDatabase(config.db);
    try {
      await prepareDatabase(handle, { demo: false });
      const started = Date.now();
      const report = await importNumbersCsv(handle.db, file, (r) => {
        if (process.stderr.isTTY) process.stderr.write(`\r${r.imported} imported, ${r.rejected.length} rejected…`);
      });
      if (process.stderr.isTTY) process.stderr.write('\n');
      for (const { line, message } of report.rejected) process.stdout.write(`line ${line}: ${message}\n`);
      const seconds = (Date.now() - started) / 1000;
      process.stdout.write(
        `${report.imported} imported, ${report.rejected.length} rejected (${Math.round(report.imported / Math.max(seconds, 0.001))} rows/s)\n`,
      );
      return report.rejected.length > 0 ? 3 : 0;
    } finally {
      await handle.destroy();
    }
  }
  if (command === 'order') {
    const [orderSn, action, note] = argv.slice(1);
    const actions = ['audit', 'reject', 'ship', 'complete', 'refund'];
    if (!orderSn || !action || !actions.includes(action)) {
      process.stderr.write(`Usage: haoka order <orderSn> ${actions.join('|')} [note]\n`);
      return 2;
    }
    const handle = createDatabase(config.db);
    const app = await buildApp({ ...config, logLevel: 'warn' }, { database: handle });
    try {
      await app.ready();
      const status = await runBackOffice(app, orderSn, action as BackOfficeAction, note ?? '');
      process.stdout.write(`${orderSn}: order status ${status}\n`);
      return 0;
    } catch (error) {
      process.stderr.write(`${orderSn}: ${error instanceof Error ? error.message : String(error)}\n`);
      return 1;
    } finally {
      await app.close();
      await handle.destroy();
    }
  }
  if (command === 'mall-order') {
    const [orderSn, action, note] = argv.slice(1);
    if (!orderSn || (action !== 'ship' && action !== 'collect')) {
      process.stderr.write('Usage: haoka mall-order <orderSn> ship|collect [note]\n');
      return 2;
    }
    const handle = createDatabase(config.db);
    try {
      const status = await runMallBackOffice(handle.db, orderSn, action as MallBackOfficeAction, note ?? '');
      process.stdout.write(`${orderSn}: order status ${status}\n`);
      return 0;
    } catch (error) {
      process.stderr.write(`${orderSn}: ${error instanceof Error ? error.message : String(error)}\n`);
      return 1;
    } finally {
      await handle.destroy();
    }
  }
  if (command === 'sim-auth') {
    const [simNo, action, remark] = argv.slice(1);
    if (!simNo || (action !== 'approve' && action !== 'reject')) {
      process.stderr.write('Usage: haoka sim-auth <simNo> approve|reject [remark]\n');
      return 2;
    }
    const handle = createDatabase(config.db);
    try {
      const status = await reviewPlatformAuth(handle.db, simNo, action, remark ?? '');
      process.stdout.write(`${simNo}: platform real-name status ${status}\n`);
      return 0;
    } catch (error) {
      process.stderr.write(`${simNo}: ${error instanceof Error ? error.message : String(error)}\n`);
      return 1;
    } finally {
      await handle.destroy();
    }
  }
  if (command === 'member-refund') {
    const [orderSn, type, remark] = argv.slice(1);
    if (!orderSn || (type !== '1' && type !== '2')) {
      process.stderr.write('Usage: haoka member-refund <orderSn> 1|2 [remark]\n');
      return 2;
    }
    const handle = createDatabase(config.db);
    const app = await buildApp({ ...config, logLevel: 'warn' }, { database: handle });
    try {
      await app.ready();
      const order = await refundMemberOrder(app, orderSn, {
        refundType: type === '1' ? 1 : 2,
        remark: remark ?? '后台退款',
      });
      process.stdout.write(`${orderSn}: order status ${order.status}, refund type ${order.refund_type}\n`);
      return 0;
    } catch (error) {
      process.stderr.write(`${orderSn}: ${error instanceof Error ? error.message : String(error)}\n`);
      return 1;
    } finally {
      await app.close();
      await handle.destroy();
    }
  }
  if (command === 'authorize-ticket') {
    const [appName = '好卡商城后台', ttl = '300'] = argv.slice(1);
    const ttlSeconds = Number(ttl);
    if (!Number.isInteger(ttlSeconds) || ttlSeconds < 0 || ttlSeconds > 300) {
      process.stderr.write('Usage: haoka authorize-ticket [appName] [ttlSeconds 0..300]\n');
      return 2;
    }
    const handle = createDatabase(config.db);
    try {
      const ticket = await issueTicket(handle.db, { appName, ttlMs: ttlSeconds * 1000 });
      process.stdout.write(`${ticket.scene}\n`);
      return 0;
    } finally {
      await handle.destroy();
    }
  }
  if (command !== 'serve') {
    process.stderr.write(`Unknown command: ${command}\n\n${USAGE}`);
    return 2;
  }
  const handle = createDatabase(config.db);
  await prepareDatabase(handle, { demo: config.seedDemo, demoNumbers: config.demoNumbers });
  const app = await buildApp(config, { database: handle });
  app.addHook('onClose', () => handle.destroy());
  const stop = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  const shown = config.host === '0.0.0.0' ? '127.0.0.1' : config.host;
  app.log.info(`Haoka is serving http://${shown}:${(app.server.address() as { port: number }).port}/shop/`);
  return -1;
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exit(code);
  },
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
