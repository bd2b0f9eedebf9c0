/** Query keys of the content pages. */
export const PROMOTERS_KEY = ['admin', 'promoters'] as const;
export const LAYOUTS_KEY = ['admin', 'layouts'] as const;
