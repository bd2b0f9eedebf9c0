/**
 * Registers the card login's section (one file per locale in the build), apart from the card's screens
 * (`i18n.ts`): the login is the first screen of a card holder who is not logged in, and needs only its own.
 */
import { registerSection } from '../../i18n';
import { iotLogin } from '../../i18n/sections/iot-login';

registerSection('iotLogin', iotLogin);
