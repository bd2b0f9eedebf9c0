/** Tables of the platform module (issue 7), joined into `Database` in schema.ts. */

export type PlatformTables = Record<never, never>;
