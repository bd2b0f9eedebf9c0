/** Tables of the IoT mall module (issue 6), joined into `Database` in schema.ts. */

export type IotMallTables = Record<never, never>;
