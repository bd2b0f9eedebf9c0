/** Registers this feature's catalogue section (loaded with its routes, not with the first screen). */
import { registerSection } from '../../i18n';
import { platform } from '../../i18n/sections/platform';

registerSection('platform', platform);
