/**
 * `@haoka/contract/reasons`: the refusal reasons' table, their texts and the server's default messages.
 * Not re-exported by the index (it re-exports only the types): every module the index reaches is shared
 * by all the web's pages, and the table (about 17 KB gzip) belongs only to the lazily loaded reasons
 * catalogue (web `i18n/sections/reasons.ts`). The server, the console and tests import it from here.
 */
export * from './default-messages.js';
export * from './reasons.js';
