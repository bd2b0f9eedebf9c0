/** Registers this feature's catalogue section (loaded with its routes, not with the first screen). */
import { registerSection } from '../../i18n';
import { iotRealname } from '../../i18n/sections/iot-realname';

registerSection('iotRealname', iotRealname);
