/** Registers this feature's catalogue section (loaded with its routes, not with the first screen). */
import { registerSection } from '../../i18n';
import { iotDevice } from '../../i18n/sections/iot-device';

registerSection('iotDevice', iotDevice);
