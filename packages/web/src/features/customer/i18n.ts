/** Registers the customer service's catalogue section (loaded with its routes, not with the first screen). */
import { registerSection } from '../../i18n';
import { customer } from '../../i18n/sections/customer';

registerSection('customer', customer);
