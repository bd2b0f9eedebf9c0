/** Tables of the iot-device module (issue 7, migration 0010), joined into `Database` in schema.ts. */

/** The simulated device platform's command queue (gateways/carrier/simulated-carrier.ts). */
export interface CarrierDeviceCommandsTable {
  task_id: string;
  sim_no: string;
  command_json: string;
  /** 'queued' | 'applied' | 'expired'. */
  state: string;
  created_at: number;
  expires_at: number;
  applied_at: number | null;
}

export interface IotDeviceTables {
  carrier_device_commands: CarrierDeviceCommandsTable;
}
