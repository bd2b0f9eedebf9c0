/**
 * The one set of duration words (spec §9 units: 1 day, 2 month, 3 year): card remaining time, package
 * validity, VIP and acceleration terms, contract months. i18next plural keys: every locale has the same
 * `_one`, `_many` and `_other` forms (French and Spanish use `_many` for millions; the others never ask
 * for it). A year-unit duration of 20 or more is 终身 (`lifetime`), read as 长期有效 (`longTerm`).
 */
import { defineSection } from '../define-section';

export const duration = defineSection({
  'zh-Hans': {
    day_one: '{{count}}天',
    day_many: '{{count}}天',
    day_other: '{{count}}天',
    month_one: '{{count}}个月',
    month_many: '{{count}}个月',
    month_other: '{{count}}个月',
    year_one: '{{count}}年',
    year_many: '{{count}}年',
    year_other: '{{count}}年',
    lifetime: '终身',
    longTerm: '长期有效',
  },
  'zh-Hant': {
    day_one: '{{count}}天',
    day_many: '{{count}}天',
    day_other: '{{count}}天',
    month_one: '{{count}}個月',
    month_many: '{{count}}個月',
    month_other: '{{count}}個月',
    year_one: '{{count}}年',
    year_many: '{{count}}年',
    year_other: '{{count}}年',
    lifetime: '終身',
    longTerm: '長期有效',
  },
  en: {
    day_one: '{{count}} day',
    day_many: '{{count}} days',
    day_other: '{{count}} days',
    month_one: '{{count}} month',
    month_many: '{{count}} months',
    month_other: '{{count}} months',
    year_one: '{{count}} year',
    year_many: '{{count}} years',
    year_other: '{{count}} years',
    lifetime: 'Lifetime',
    longTerm: 'Never expires',
  },
  fr: {
    day_one: '{{count}} jour',
    day_many: '{{count}} jours',
    day_other: '{{count}} jours',
    month_one: '{{count}} mois',
    month_many: '{{count}} mois',
    month_other: '{{count}} mois',
    year_one: '{{count}} an',
    year_many: '{{count}} ans',
    year_other: '{{count}} ans',
    lifetime: 'À vie',
    longTerm: 'Sans expiration',
  },
  es: {
    day_one: '{{count}} día',
    day_many: '{{count}} días',
    day_other: '{{count}} días',
    month_one: '{{count}} mes',
    month_many: '{{count}} meses',
    month_other: '{{count}} meses',
    year_one: '{{count}} año',
    year_many: '{{count}} años',
    year_other: '{{count}} años',
    lifetime: 'De por vida',
    longTerm: 'Sin caducidad',
  },
});
