/**
 * Each rule of .dependency-cruiser.cjs catches what it forbids: dependency-cruiser's own API runs the
 * repository's configuration on small trees written to a temporary folder, laid out as the real one.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cruise, type IConfiguration, type ICruiseResult } from 'dependency-cruiser';
import { afterAll, describe, expect, it } from 'vitest';

const config = createRequire(import.meta.url)('../.dependency-cruiser.cjs') as IConfiguration;
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** The rule violations of a tree given as path → source, as `rule: from → to`. */
async function violations(files: Record<string, string>): Promise<string[]> {
  const base = mkdtempSync(join(tmpdir(), 'haoka-boundaries-'));
  folders.push(base);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(base, path)), { recursive: true });
    writeFileSync(join(base, path), text);
  }
  const roots = [...new Set(Object.keys(files).map((path) => path.split('/').slice(0, 3).join('/')))];
  const { output } = await cruise(roots, {
    ...config.options,
    baseDir: base,
    validate: true,
    ruleSet: { forbidden: config.forbidden ?? [] },
  });
  const result = output as ICruiseResult;
  return result.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
}

const S = 'packages/server/src';
const W = 'packages/web/src/features';

describe('no-circular', () => {
  it.each(['contract', 'server', 'web', 'admin'])('fails on a cycle in the %s', async (pkg) => {
    const dir = `packages/${pkg}/src/lib`;
    expect(
      await violations({
        [`${dir}/a.ts`]: "import { b } from './b.js';\nexport const a = () => b;\n",
        [`${dir}/b.ts`]: "import { a } from './a.js';\nexport const b = () => a;\n",
      }),
    ).toEqual([expect.stringMatching(new RegExp(`^no-circular: ${dir}/[ab]\\.ts → ${dir}/[ab]\\.ts$`))]);
  });

  it('counts a type-only import as part of a cycle', async () => {
    expect(
      await violations({
        [`${S}/seed/index.ts`]:
          "import { demo } from './demo.js';\nexport interface Seeder { name: string }\nexport const all = [demo];\n",
        [`${S}/seed/demo.ts`]:
          "import type { Seeder } from './index.js';\nexport const demo: Seeder = { name: 'demo' };\n",
      }),
    ).toEqual([expect.stringMatching(/^no-circular: /)]);
  });
});

describe('seeds-on-top', () => {
  it('fails on a module or a lower layer importing the seeds; the composition may', async () => {
    const seed = { [`${S}/seed/demo-shop.ts`]: "export const DEMO_PROMO_CODE = 'demo';\n" };
    expect(
      await violations({
        ...seed,
        [`${S}/modules/iot-core/import.ts`]:
          "import { DEMO_PROMO_CODE } from '../../seed/demo-shop.js';\nexport const p = DEMO_PROMO_CODE;\n",
        [`${S}/db/migrate.ts`]:
          "import { DEMO_PROMO_CODE } from '../seed/demo-shop.js';\nexport const p = DEMO_PROMO_CODE;\n",
      }),
    ).toEqual([
      'seeds-on-top: packages/server/src/db/migrate.ts → packages/server/src/seed/demo-shop.ts',
      'seeds-on-top: packages/server/src/modules/iot-core/import.ts → packages/server/src/seed/demo-shop.ts',
    ]);
    expect(
      await violations({
        ...seed,
        [`${S}/app.ts`]: "import { DEMO_PROMO_CODE } from './seed/demo-shop.js';\nexport const p = DEMO_PROMO_CODE;\n",
      }),
    ).toEqual([]);
  });
});

describe('module-internals', () => {
  const numbers = {
    [`${S}/modules/numbers/number-row.ts`]: 'export const deriveNumber = () => 1;\n',
    [`${S}/modules/numbers/service.ts`]: "import { deriveNumber } from './number-row.js';\nexport { deriveNumber };\n",
    [`${S}/modules/numbers/repository.ts`]: 'export const findNumber = () => 1;\n',
  };

  it("fails on a module importing another module's internal file", async () => {
    expect(
      await violations({
        ...numbers,
        [`${S}/modules/orders/service.ts`]:
          "import { deriveNumber } from '../numbers/number-row.js';\nderiveNumber();\n",
      }),
    ).toEqual([`module-internals: ${S}/modules/orders/service.ts → ${S}/modules/numbers/number-row.ts`]);
  });

  it('passes through the surface (service, repository), inside a module and from tests', async () => {
    expect(
      await violations({
        ...numbers,
        [`${S}/modules/orders/service.ts`]:
          "import { deriveNumber } from '../numbers/service.js';\nimport { findNumber } from '../numbers/repository.js';\nderiveNumber(); findNumber();\n",
        [`${S}/modules/orders/orders.api.test.ts`]:
          "import { deriveNumber } from '../numbers/number-row.js';\nderiveNumber();\n",
      }),
    ).toEqual([]);
  });
});

describe('card-context-is-a-leaf', () => {
  it('fails on the card of a request importing anything but its repository and layout', async () => {
    expect(
      await violations({
        [`${S}/modules/iot-core/repository.ts`]: 'export const findSimByNo = () => 1;\n',
        [`${S}/modules/iot-core/service.ts`]: 'export const toSimInfo = () => 1;\n',
        [`${S}/modules/iot-core/card.ts`]:
          "import { findSimByNo } from './repository.js';\nimport { toSimInfo } from './service.js';\nexport const loadSim = () => [findSimByNo, toSimInfo];\n",
      }),
    ).toEqual([`card-context-is-a-leaf: ${S}/modules/iot-core/card.ts → ${S}/modules/iot-core/service.ts`]);
  });
});

describe('iot-sync-has-no-dependents', () => {
  it('fails on a module importing the card sync', async () => {
    expect(
      await violations({
        [`${S}/modules/iot-sync/service.ts`]: 'export const syncCard = () => true;\n',
        [`${S}/modules/iot-buy/recharge.ts`]: "import { syncCard } from '../iot-sync/service.js';\nsyncCard();\n",
      }),
    ).toEqual([`iot-sync-has-no-dependents: ${S}/modules/iot-buy/recharge.ts → ${S}/modules/iot-sync/service.ts`]);
  });
});

describe('lower-layers-not-modules', () => {
  it.each(['gateways/sms', 'http', 'lib', 'db/migrations', 'context'])(
    'fails on %s importing a module',
    async (layer) => {
      const depth = layer.split('/').length;
      const up = '../'.repeat(depth);
      expect(
        await violations({
          [`${S}/modules/sms/service.ts`]: 'export const sendCode = () => 1;\n',
          [`${S}/${layer}/x.ts`]: `import { sendCode } from '${up}modules/sms/service.js';\nsendCode();\n`,
        }),
      ).toEqual([`lower-layers-not-modules: ${S}/${layer}/x.ts → ${S}/modules/sms/service.ts`]);
    },
  );
});

describe('feature-internals', () => {
  const card = {
    [`${W}/iot/components/menu-grid.tsx`]: 'export const MenuGrid = () => null;\n',
    [`${W}/iot/components/parts/menu-cell.tsx`]: 'export const MenuCell = () => null;\n',
    [`${W}/iot/components/menu.css`]: '.menu { display: grid; }\n',
    [`${W}/iot/api/get-sim-info.ts`]: 'export const getSimInfo = () => 1;\n',
  };

  it("fails on a feature importing another feature's nested file or stylesheet", async () => {
    expect(
      await violations({
        ...card,
        [`${W}/iot-user/components/user-menus.tsx`]:
          "import { MenuCell } from '../../iot/components/parts/menu-cell';\nimport '../../iot/components/menu.css';\nexport const M = MenuCell;\n",
      }),
    ).toEqual([
      `feature-internals: ${W}/iot-user/components/user-menus.tsx → ${W}/iot/components/menu.css`,
      `feature-internals: ${W}/iot-user/components/user-menus.tsx → ${W}/iot/components/parts/menu-cell.tsx`,
    ]);
  });

  it("passes through the feature's surface (its components/* and api/*), and inside a feature", async () => {
    expect(
      await violations({
        ...card,
        [`${W}/iot-user/components/user-menus.tsx`]:
          "import { MenuGrid } from '../../iot/components/menu-grid';\nimport { getSimInfo } from '../../iot/api/get-sim-info';\nexport const M = [MenuGrid, getSimInfo];\n",
        [`${W}/iot/components/iot-home.tsx`]:
          "import { MenuCell } from './parts/menu-cell';\nimport './menu.css';\nexport const H = MenuCell;\n",
      }),
    ).toEqual([]);
  });
});

describe('console-and-shop-apart', () => {
  const contract = { 'packages/contract/src/index.ts': 'export const roleMay = () => true;\n' };

  it("fails on the console importing the shop's code, and on the shop importing the console's", async () => {
    expect(
      await violations({
        ...contract,
        'packages/web/src/platform/request.ts': 'export const request = () => 1;\n',
        'packages/admin/src/platform/request.ts': 'export const request = () => 2;\n',
        'packages/admin/src/app/layout.tsx':
          "import { request } from '../../../web/src/platform/request';\nexport const L = request;\n",
        'packages/web/src/app/shell.tsx':
          "import { request } from '../../../admin/src/platform/request';\nexport const S = request;\n",
      }),
    ).toEqual([
      'console-and-shop-apart: packages/admin/src/app/layout.tsx → packages/web/src/platform/request.ts',
      'console-and-shop-apart: packages/web/src/app/shell.tsx → packages/admin/src/platform/request.ts',
    ]);
  });

  it('lets each import its own code and the contract', async () => {
    expect(
      await violations({
        ...contract,
        'packages/admin/src/platform/request.ts': 'export const request = () => 2;\n',
        'packages/admin/src/app/layout.tsx':
          "import { roleMay } from '../../../contract/src/index';\nimport { request } from '../platform/request';\nexport const L = [roleMay, request];\n",
        'packages/web/src/app/shell.tsx':
          "import { roleMay } from '../../../contract/src/index';\nexport const S = roleMay;\n",
      }),
    ).toEqual([]);
  });
});

describe('service-worker-apart', () => {
  const rules = { 'packages/web/src/service-worker/rules.ts': "export const SKIP_WAITING = 'x';\n" };

  it("fails on the service worker importing the app's code", async () => {
    expect(
      await violations({
        ...rules,
        'packages/web/src/platform/request.ts': 'export const request = () => 1;\n',
        'packages/web/src/service-worker/sw.ts':
          "import { SKIP_WAITING } from './rules';\nimport { request } from '../platform/request';\nexport const w = [SKIP_WAITING, request];\n",
      }),
    ).toEqual(['service-worker-apart: packages/web/src/service-worker/sw.ts → packages/web/src/platform/request.ts']);
  });

  it('lets the worker use its own folder, and the app its rules', async () => {
    expect(
      await violations({
        ...rules,
        'packages/web/src/service-worker/sw.ts':
          "import { SKIP_WAITING } from './rules';\nexport const w = SKIP_WAITING;\n",
        'packages/web/src/platform/service-worker.ts':
          "import { SKIP_WAITING } from '../service-worker/rules';\nexport const p = SKIP_WAITING;\n",
      }),
    ).toEqual([]);
  });
});

describe('shop-without-zod', () => {
  it('fails on a shop module importing zod, classic or mini; its tests are let through', async () => {
    expect(
      await violations({
        'packages/web/src/stores/user.ts': "import { z } from 'zod';\nexport const s = z.string();\n",
        'packages/web/src/stores/layout.ts': "import * as z from 'zod/mini';\nexport const s = z.string();\n",
        'packages/web/src/stores/user.test.ts': "import { z } from 'zod';\nexport const t = z.string();\n",
      }),
    ).toEqual([
      'shop-without-zod: packages/web/src/stores/layout.ts → zod/mini',
      'shop-without-zod: packages/web/src/stores/user.ts → zod',
    ]);
  });

  it('lets the console use zod', async () => {
    expect(
      await violations({ 'packages/admin/src/forms/a.ts': "import { z } from 'zod';\nexport const s = z.string();\n" }),
    ).toEqual([]);
  });
});
