/** Registers the order login's catalogue section (loaded with the login route, not with the first screen). */
import { registerSection } from '../../i18n';
import { login } from '../../i18n/sections/login';

registerSection('login', login);
