/** @haoka/contract: the schemas, codes, validators and rules that web and server share. */
export * from './domain/app.js';
export * from './domain/duration.js';
export * from './domain/greeting.js';
export * from './domain/home.js';
export * from './domain/money.js';
export * from './domain/operators.js';
export * from './domain/vanity-patterns.js';
export * from './endpoints/define.js';
export * as shopApi from './endpoints/shop.js';
export * as browseApi from './endpoints/shop-browse.js';
export * as orderApi from './endpoints/shop-order.js';
export * from './envelope.js';
export * from './schemas/common.js';
export * from './schemas/order.js';
export * from './schemas/shop.js';
export * from './schemas/site.js';
export * from './validators.js';
