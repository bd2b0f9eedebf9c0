/** Registers card care's catalogue section (loaded with its routes, not with the first screen). */
import { registerSection } from '../../i18n';
import { iotCare } from '../../i18n/sections/iot-care';

registerSection('iotCare', iotCare);
