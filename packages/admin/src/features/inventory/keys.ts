/** The query key of the inventory table and its jobs (invalidated after a change or an import). */
export const INVENTORY_KEY = ['admin', 'inventory'] as const;
