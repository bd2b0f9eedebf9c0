/** Registers the articles' and questions' catalogue section (loaded with their routes, not with the first screen). */
import { registerSection } from '../../i18n';
import { content } from '../../i18n/sections/content';

registerSection('content', content);
