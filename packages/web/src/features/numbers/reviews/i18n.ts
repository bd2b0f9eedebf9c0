/** Registers the reviews' catalogue section (loaded with the number detail, review and order routes). */
import { registerSection } from '../../../i18n';
import { numberReviews } from '../../../i18n/sections/number-reviews';

registerSection('numberReviews', numberReviews);
