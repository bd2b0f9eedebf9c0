/**
 * POST /api/iot/iotDevice/* (API.md §4): Wi-Fi name/password, Wi-Fi visibility, restart, power-off and
 * factory reset. Each answers `{taskId, queued}`; `queued` when the device is offline (it runs the command
 * once back online). -1 (not a device, too frequent, bad input) and 40001 are told by the request wrapper.
 */
import { type EndpointData, type EndpointInput, iotDeviceApi } from '@haoka/contract';
import { request } from '../../../platform/request';

export type DeviceTask = EndpointData<typeof iotDeviceApi.setWiFiDisplay>;
export type WifiBand = 1 | 2;

/** An open network's empty password is dropped by the wrapper; the server reads it as ''. */
export function setWifiSsidPwd(body: EndpointInput<typeof iotDeviceApi.setWiFiSsidPwd>): Promise<DeviceTask> {
  return request(iotDeviceApi.setWiFiSsidPwd, body);
}

export function setWifiDisplay(wifiType: WifiBand, show: 0 | 1): Promise<DeviceTask> {
  return request(iotDeviceApi.setWiFiDisplay, { wifiType, show });
}

export function restartDevice(): Promise<DeviceTask> {
  return request(iotDeviceApi.restartDevice, {});
}

export function closeDevice(): Promise<DeviceTask> {
  return request(iotDeviceApi.closeDevice, {});
}

export function resetDevice(): Promise<DeviceTask> {
  return request(iotDeviceApi.resetDevice, { confirm: 'RESET' });
}
