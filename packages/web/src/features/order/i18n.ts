/** Registers the orders' catalogue section (loaded with the order, payment and SMS routes, not with the first screen). */
import { registerSection } from '../../i18n';
import { order } from '../../i18n/sections/order';

registerSection('order', order);
