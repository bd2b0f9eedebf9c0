/** Tables of the IoT membership module (issue 6), joined into `Database` in schema.ts. */

export type IotMembershipTables = Record<never, never>;
