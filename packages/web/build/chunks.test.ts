import { describe, expect, it } from 'vitest';
import {
  animatedAntdComponents,
  CARD_SECTION_REGISTRATION,
  CARD_STYLES,
  cardGroupOf,
  commonGroupOf,
  contractNamesOf,
  indexNamesOf,
  inShopLanding,
  lazyChunksOf,
  type ModuleGraph,
  motionModules,
  sharedGroupOf,
} from './chunks';

/** A graph from `importer -> imported` edges; `lazy` lists the dynamically imported modules. */
function graphOf(edges: [string, string][], lazy: string[]): ModuleGraph {
  const ids = new Set(edges.flat().concat(lazy));
  return {
    getModuleInfo: (id) =>
      ids.has(id)
        ? {
            importers: edges.filter(([, to]) => to === id).map(([from]) => from),
            dynamicImporters: lazy.includes(id) ? ['main'] : [],
          }
        : null,
  };
}

describe('lazyChunksOf', () => {
  const graph = graphOf(
    [
      ['main', 'shell'],
      ['pageA', 'button'],
      ['pageB', 'form'],
      ['form', 'button'],
      ['pageC', 'chart'],
      ['cycle1', 'cycle2'],
      ['cycle2', 'cycle1'],
      ['pageA', 'cycle1'],
      ['pageB', 'cycle2'],
      ['ring2', 'ring1'],
      ['ring3', 'ring2'],
      ['ring1', 'ring3'],
      ['pageA', 'ring3'],
      ['pageC', 'ring2'],
    ],
    ['pageA', 'pageB', 'pageC'],
  );
  const chunksOf = lazyChunksOf(graph);
  const sorted = (id: string) => [...chunksOf(id)].sort();

  it('a lazy module is its own chunk; what it imports, directly or not, is loaded with it', () => {
    expect(sorted('pageA')).toEqual(['pageA']);
    expect(sorted('form')).toEqual(['pageB']);
    expect(sorted('button')).toEqual(['pageA', 'pageB']);
    expect(sorted('chart')).toEqual(['pageC']);
  });

  it('a module only the entry imports belongs to no lazy chunk', () => {
    expect(sorted('shell')).toEqual([]);
    expect(sorted('unknown')).toEqual([]);
  });

  it('an import cycle reaches the lazy chunks of both sides, from either side', () => {
    expect(sorted('cycle1')).toEqual(['pageA', 'pageB']);
    expect(sorted('cycle2')).toEqual(['pageA', 'pageB']);
  });

  it('a longer cycle: every member reaches what any member is imported by', () => {
    for (const id of ['ring1', 'ring2', 'ring3', 'ring1']) expect(sorted(id), id).toEqual(['pageA', 'pageC']);
  });
});

describe('modules the contract index re-exports', () => {
  const index = '/app/packages/contract/src/index.ts';
  const card = '/app/packages/contract/src/endpoints/iot-buy.ts';
  const money = '/app/packages/contract/src/domain/money.ts';
  const hidden = '/app/packages/contract/src/schemas/internal.ts';
  const code: Record<string, string> = {
    [index]: "export * from './domain/money.js';\nexport * as iotBuyApi from './endpoints/iot-buy.js';\n",
    shopPage: 'import { formatYuan } from "@haoka/contract";\nexport default 1;',
    cardPage: 'import {\n  iotBuyApi,\n  formatYuan as yuan,\n} from "@haoka/contract";',
    otherPage: "import { shopApi } from '@haoka/contract';",
    unknownPage: "import * as contract from '@haoka/contract';",
  };
  const edges: [string, string][] = [
    ['shopPage', index],
    ['cardPage', index],
    ['otherPage', index],
    ['unknownPage', index],
    [index, money],
    [index, card],
    [card, hidden],
  ];
  const graph: ModuleGraph = {
    getModuleInfo: (id) => {
      const base = graphOf(edges, ['shopPage', 'cardPage', 'otherPage', 'unknownPage']).getModuleInfo(id);
      return base && { ...base, code: code[id] ?? null, exports: id === money ? ['formatYuan', 'toCents'] : [] };
    },
  };

  it('are loaded only with the pages that import one of their names (or cannot be told apart)', () => {
    const chunksOf = lazyChunksOf(graph);
    expect([...chunksOf(card)].sort()).toEqual(['cardPage', 'unknownPage']);
    expect([...chunksOf(money)].sort()).toEqual(['cardPage', 'shopPage', 'unknownPage']);
    // A module the index does not re-export is reached through the one that imports it.
    expect([...chunksOf(hidden)].sort()).toEqual(['cardPage', 'unknownPage']);
  });

  it('reads the names a module imports and the names the index gives a module', () => {
    expect([...(contractNamesOf(code.cardPage) ?? [])]).toEqual(['iotBuyApi', 'formatYuan']);
    expect(contractNamesOf(code.unknownPage)).toBeUndefined();
    expect(contractNamesOf("import { x } from './index.js';")).toBeUndefined();
    expect(indexNamesOf(graph, index, card)).toEqual(['iotBuyApi']);
    expect(indexNamesOf(graph, index, money)).toEqual(['formatYuan', 'toCents']);
    expect(indexNamesOf(graph, index, hidden)).toBeUndefined();
  });
});

describe('sharedGroupOf', () => {
  it("keeps the card pages' modules out of the file the shop's home loads", () => {
    const src = '/app/packages/web/src';
    expect(sharedGroupOf(`${src}/features/iot-buy/components/common.css`)).toBe('card-pages');
    expect(sharedGroupOf(`${src}/styles/article.css`)).toBe('common');
    expect(sharedGroupOf(`${src}/features/iot-buy/api/use-packages.ts`)).toBe('card-pages');
    expect(sharedGroupOf(`${src}/features/goods/api/use-goods.ts`)).toBe('common');
    expect(sharedGroupOf(`${src}/i18n/sections/iot-buy.ts`)).toBe('card-pages');
    expect(sharedGroupOf(`${src}/i18n/sections/dict.ts`)).toBe('common');
    expect(sharedGroupOf(`${src}/components/rich-html.css`)).toBe('common');
    expect(sharedGroupOf('/app/node_modules/antd-mobile/es/components/list/list.css')).toBe('common');
  });

  it('knows every card page stylesheet, which goes with the card pages however few pages share it', () => {
    const src = '/app/packages/web/src';
    expect(CARD_STYLES.test(`${src}/features/iot-rewards/components/ledger-list.css`)).toBe(true);
    expect(CARD_STYLES.test(`${src}/styles/article.css`)).toBe(false);
    expect(CARD_STYLES.test(`${src}/features/iot-rewards/components/ledger-list.tsx`)).toBe(false);
    expect(CARD_STYLES.test(`${src}/features/goods/components/goods-card.css`)).toBe(false);
  });

  it("puts a card feature's section registration, and its sections' loaders, with the card pages", () => {
    const src = '/app/packages/web/src';
    expect(CARD_SECTION_REGISTRATION.test(`${src}/features/iot-core/i18n.ts`)).toBe(true);
    expect(CARD_SECTION_REGISTRATION.test(`${src}/features/iot-core/i18n-login.ts`)).toBe(true);
    expect(CARD_SECTION_REGISTRATION.test(`${src}/i18n/sections/iot-core.ts`)).toBe(true);
    expect(CARD_SECTION_REGISTRATION.test(`${src}/i18n/sections/iot-core.ts?locale=fr`)).toBe(false);
    expect(CARD_SECTION_REGISTRATION.test(`${src}/features/numbers/reviews/i18n.ts`)).toBe(false);
    expect(CARD_SECTION_REGISTRATION.test(`${src}/i18n/sections/vanity.ts`)).toBe(false);
  });
});

describe('commonGroupOf', () => {
  const src = '/app/packages/web/src/pages';
  const home = `${src}/index/index.tsx`;
  const search = `${src}/index/VanityNumber/index.tsx`;
  const cardLogin = `${src}/iot/login/index.tsx`;
  const cardHome = `${src}/iot/index/index.tsx`;
  const order = `${src}/order/index.tsx`;

  it("puts what many pages share in the home page's file whenever a shop landing page uses it", () => {
    expect(commonGroupOf(new Set([home, order]))).toBe('common');
    expect(commonGroupOf(new Set([search, cardHome, order]))).toBe('common');
    expect(commonGroupOf(new Set([home, cardLogin, cardHome]))).toBe('common');
  });

  it("splits the card's shared code by the card landing pages that load it, so each loads only what it runs", () => {
    expect(commonGroupOf(new Set([cardLogin, cardHome, order]))).toBe('common-login-card');
    expect(commonGroupOf(new Set([cardHome, order]))).toBe('common-card');
    expect(commonGroupOf(new Set([cardLogin, order]))).toBe('common-login');
    expect(commonGroupOf(new Set([order, `${src}/goods/index.tsx`]))).toBe('common-rest');
  });

  it("counts what a locale's catalogue imports as loaded by every first screen", () => {
    const catalogue = '/app/packages/web/src/i18n/locales/fr.ts';
    expect(commonGroupOf(new Set([catalogue, order]))).toBe('common');
  });
});

describe('cardGroupOf', () => {
  const src = '/app/packages/web/src';
  const cardLogin = `${src}/pages/iot/login/index.tsx`;
  const cardHome = `${src}/pages/iot/index/index.tsx`;
  const many = Array.from({ length: 12 }, (_, i) => `${src}/pages-sub/iot/page-${i}/index.tsx`);

  it("keeps the card login off `card-pages`: it loads neither the card pages' modules nor their stylesheet", () => {
    const registration = `${src}/features/iot-core/i18n.ts`;
    expect(cardGroupOf(registration, new Set([cardLogin, cardHome, ...many]))).toBe('card-core');
    expect(cardGroupOf(registration, new Set([cardHome, ...many]))).toBe('card-pages');
    // The login's own stylesheet and texts load with its page.
    expect(cardGroupOf(`${src}/features/iot-core/components/card-login.css`, new Set([cardLogin]))).toBeNull();
    expect(cardGroupOf(`${src}/features/iot-core/i18n-login.ts`, new Set([cardLogin]))).toBeNull();
  });

  it('puts what the card home loads in `card-pages`: its stylesheets, shared card modules, landing registrations', () => {
    expect(cardGroupOf(`${src}/features/iot-core/components/flow-card.css`, new Set([cardHome]))).toBe('card-pages');
    expect(cardGroupOf(`${src}/features/iot-core/sim-display.ts`, new Set([cardHome, ...many]))).toBe('card-pages');
    expect(cardGroupOf(`${src}/features/iot-buy/i18n.ts`, new Set([cardHome]))).toBe('card-pages');
  });

  it('puts the rest of the card in `card-rest`, which the card home does not load', () => {
    // A stylesheet however few pages share it, so that the card CSS is two files in import order.
    expect(cardGroupOf(`${src}/features/iot-mall/components/mall-home.css`, new Set([many[0] ?? '']))).toBe(
      'card-rest',
    );
    // The buying rules and texts many card pages share, but not the card home.
    expect(cardGroupOf(`${src}/features/iot-buy/money-rules.ts`, new Set(many))).toBe('card-rest');
    expect(cardGroupOf(`${src}/features/iot-buy/i18n.ts`, new Set(many))).toBe('card-rest');
    expect(cardGroupOf(`${src}/features/iot-buy/money-rules.ts`, new Set(many.slice(0, 3)))).toBeNull();
  });
});

describe('motionModules', () => {
  it("takes the animation libraries and every antd-mobile component that needs them, so the shop's first screen can leave them out", () => {
    const components = animatedAntdComponents();
    // Directly (Popup, Tabs, PullToRefresh) or through a Popup (Dropdown, ActionSheet) or a Mask (Toast).
    for (const dir of ['popup', 'mask', 'tabs', 'pull-to-refresh', 'swiper', 'dropdown', 'action-sheet', 'toast']) {
      expect(components.has(dir), dir).toBe(true);
    }
    for (const dir of ['button', 'badge', 'grid', 'image', 'infinite-scroll', 'input', 'skeleton']) {
      expect(components.has(dir), dir).toBe(false);
    }
    const isMotion = motionModules();
    expect(isMotion('/x/node_modules/@react-spring/web/dist/react-spring_web.modern.mjs')).toBe(true);
    expect(isMotion('/x/node_modules/@use-gesture/core/dist/actions.esm.js')).toBe(true);
    expect(isMotion('/x/node_modules/antd-mobile/es/components/dropdown/dropdown.js')).toBe(true);
    expect(isMotion('/x/node_modules/antd-mobile/es/components/button/button.js')).toBe(false);
    expect(isMotion('/x/node_modules/antd-mobile/es/utils/native-props.js')).toBe(false);
  });
});

describe('inShopLanding', () => {
  const src = '/app/packages/web/src';
  const home = `${src}/pages/index/index.tsx`;
  const search = `${src}/pages/index/VanityNumber/index.tsx`;
  const cardHome = `${src}/pages/iot/index/index.tsx`;
  const cardLogin = `${src}/pages/iot/login/index.tsx`;
  const orders = `${src}/pages/order/list.tsx`;

  it("gathers what the shop's landing pages share with a few other pages into one file", () => {
    expect(inShopLanding(new Set([home, search]))).toBe(true);
    expect(inShopLanding(new Set([search, orders]))).toBe(true);
  });

  it("leaves a module one page alone loads in that page's chunk, and one no shop landing page loads alone", () => {
    expect(inShopLanding(new Set([home]))).toBe(false);
    expect(inShopLanding(new Set([orders, `${src}/pages/order/detail.tsx`]))).toBe(false);
  });

  it("leaves out what the card's landing pages load too, so that they do not load the shop's file", () => {
    expect(inShopLanding(new Set([home, cardHome]))).toBe(false);
    expect(inShopLanding(new Set([search, orders, cardLogin]))).toBe(false);
  });
});
