/** Tables of the iot-device module (issue 7), joined into `Database` in schema.ts. */

export type IotDeviceTables = Record<never, never>;
