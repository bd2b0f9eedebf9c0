/** Tables of the IoT rewards module (issue 6), joined into `Database` in schema.ts. */

export type IotRewardsTables = Record<never, never>;
