/** The query key of the catalogue's tables and items (invalidated after a save or a retire). */
export const CATALOGUE_KEY = ['admin', 'catalogue'] as const;
