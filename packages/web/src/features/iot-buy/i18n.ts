/** Registers this feature's catalogue section (loaded with its routes, not with the first screen). */
import { registerSection } from '../../i18n';
import { iotBuy } from '../../i18n/sections/iot-buy';

registerSection('iotBuy', iotBuy);
