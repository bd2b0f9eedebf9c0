/** Tables of the wifi module (issue 7), joined into `Database` in schema.ts. */

export type WifiTables = Record<never, never>;
