/** Registers this feature's catalogue section (loaded with its routes, not with the first screen). */
import { registerSection } from '../../i18n';
import { iotUser } from '../../i18n/sections/iot-user';

registerSection('iotUser', iotUser);
