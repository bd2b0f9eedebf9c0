/**
 * The boundaries of the code (docs/design.md, "Layering"), checked by dependency-cruiser as a step of
 * `npm test` (`npx depcruise packages/contract/src packages/server/src packages/web/src packages/admin/src`). Each rule
 * names what it forbids; `scripts/boundaries.test.ts` proves that each one catches its violation.
 *
 * Allowed exceptions are listed in ALLOWLIST below, each with the reason; keep it short.
 */

/** Tests and test helpers may reach anywhere: they build fixtures from whatever they need. */
const TESTS = '(\\.test\\.tsx?$|/test/)';

/**
 * A server module's public surface: its `index.ts` (a re-export of what the others may use), `service.ts`,
 * `repository.ts` (the rows others may read) and `kinds.ts` (what it registers with the payment core);
 * plus iot-core's `card.ts`, the card of a request, which every IoT module needs.
 */
const MODULE_SURFACE =
  '^packages/server/src/modules/[^/]+/(index|service|repository|kinds)\\.ts$|^packages/server/src/modules/iot-core/card\\.ts$';

/**
 * A web feature's private files: its stylesheets and anything below the top level of its `api/` and
 * `components/` folders (or in an `internal/` folder). Its top-level files, `api/*` and `components/*`
 * are its surface.
 */
const FEATURE_INTERNALS =
  '^packages/web/src/features/[^/]+/(.+\\.css$|internal/|api/[^/]+/|components/[^/]+/|[^/]+/[^/]+/[^/]+/)';

/** Named exceptions: each is a target the rule lets through, with the reason. */
const ALLOWLIST = {
  'feature-internals': [],
  'lower-layers-not-modules': [
    // Migration 0014 re-derives stored numbers with the inventory's own rule (numbers/number-row.ts).
    '^packages/server/src/modules/numbers/number-row\\.ts$',
  ],
};

const either = (...patterns) => patterns.filter(Boolean).join('|');

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No import cycle in the contract, the server, the web or the console (type-only imports count too).',
      severity: 'error',
      from: { path: '^packages/(contract|server|web|admin)/src/' },
      to: { circular: true },
    },
    {
      name: 'module-internals',
      comment: 'A server module uses another module only through its surface (MODULE_SURFACE), not its internals.',
      severity: 'error',
      from: { path: '^packages/server/src/modules/([^/]+)/', pathNot: TESTS },
      to: {
        path: '^packages/server/src/modules/[^/]+/',
        pathNot: either('^packages/server/src/modules/$1/', MODULE_SURFACE),
      },
    },
    {
      name: 'card-context-is-a-leaf',
      comment:
        "iot-core/card.ts (the card of a request, used by every IoT module) imports only its module's repository and layout.",
      severity: 'error',
      from: { path: '^packages/server/src/modules/iot-core/card\\.ts$' },
      to: {
        path: '^packages/server/src/modules/',
        pathNot: '^packages/server/src/modules/iot-core/(repository|layout)\\.ts$',
      },
    },
    {
      name: 'iot-sync-has-no-dependents',
      comment: 'The card sync depends on buying and real-name; no module depends on it (app.ts hands it down).',
      severity: 'error',
      from: { path: '^packages/server/src/modules/', pathNot: either('^packages/server/src/modules/iot-sync/', TESTS) },
      to: { path: '^packages/server/src/modules/iot-sync/' },
    },
    {
      name: 'lower-layers-not-modules',
      comment:
        'Gateways, http, lib, observability, db and the app context are below the modules and import none of them.',
      severity: 'error',
      from: {
        path: '^packages/server/src/(gateways|http|lib|observability|db|context)/',
        pathNot: TESTS,
      },
      to: { path: '^packages/server/src/modules/', pathNot: either(...ALLOWLIST['lower-layers-not-modules']) },
    },
    {
      name: 'seeds-on-top',
      comment:
        'The seeds (demo and reference data) sit above the modules, with the composition: only app.ts, the CLI and tests use them.',
      severity: 'error',
      from: {
        path: '^packages/server/src/(gateways|http|lib|observability|db|context|modules|jobs)/',
        pathNot: TESTS,
      },
      to: { path: '^packages/server/src/seed/' },
    },
    {
      name: 'console-and-shop-apart',
      comment:
        "The staff console and the shop are separate apps sharing only the contract: neither imports the other's code, so the console never loads into the shop's bundle (and the reverse).",
      severity: 'error',
      from: { path: '^packages/(admin|web)/' },
      to: { path: '^packages/(admin|web)/', pathNot: '^packages/$1/' },
    },
    {
      name: 'shop-without-zod',
      comment:
        "The shop checks its stored state with its own stored fields (src/stores/stored.ts, ADR 0028); zod, and with it the contract's schemas, stays off its bundle (ADR 0022, docs/performance.md).",
      severity: 'error',
      from: { path: '^packages/web/src/', pathNot: TESTS },
      to: { path: '(^|/)node_modules/zod/|^zod(/|$)' },
    },
    {
      name: 'shop-without-i18next-runtime',
      comment:
        'The shop translates with its own translator (src/i18n/translator.ts, ADR 0027); i18next gives it its types only, so its 16 KB stay off every first screen.',
      severity: 'error',
      from: { path: '^packages/web/src/' },
      to: { path: '(^|/)node_modules/i18next/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'service-worker-apart',
      comment:
        "The shop's service worker (src/service-worker/) is a program of its own, built apart: it imports nothing of the app, which would load into the worker (ADR 0024).",
      severity: 'error',
      from: { path: '^packages/web/src/service-worker/', pathNot: TESTS },
      to: { path: '^packages/web/src/', pathNot: '^packages/web/src/service-worker/' },
    },
    {
      name: 'feature-internals',
      comment:
        "A web feature uses another feature's surface (its top level, api/* and components/*), not its internals.",
      severity: 'error',
      from: { path: '^packages/web/src/features/([^/]+)/', pathNot: TESTS },
      to: {
        path: FEATURE_INTERNALS,
        pathNot: either('^packages/web/src/features/$1/', ...ALLOWLIST['feature-internals']),
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^packages/[^/]+/dist/' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.d.ts'],
      conditionNames: ['haoka-source', 'import', 'node', 'default'],
    },
  },
};
