/** Registers this feature's catalogue section (loaded with its routes, not with the first screen). */
import { registerSection } from '../../i18n';
import { iotMoney } from '../../i18n/sections/iot-money';

registerSection('iotMoney', iotMoney);
