/** Registers the number reservation's catalogue section (loaded with the number detail and reservation routes). */
import { registerSection } from '../../i18n';
import { pretty } from '../../i18n/sections/pretty';

registerSection('pretty', pretty);
