/** Registers this feature's catalogue section (loaded with the Wi-Fi routes, not with the first screen). */
import { registerSection } from '../../i18n';
import { wifi } from '../../i18n/sections/wifi';

registerSection('wifi', wifi);
