/** The generic runtime failures of SPEC §8, with their errMsg and errCode. */

export const RuntimeErrCode = {
  /** Request timeout and request network error. */
  REQUEST_FAIL: 5,
  ABORT: 600003,
  UPLOAD_DOWNLOAD_NETWORK: 602001,
  SOCKET_CONNECT: 600009,
  SOCKET_CLOSED: 10002,
} as const;

export class RuntimeFailure extends Error {
  readonly errMsg: string;
  readonly errCode: number;
  constructor(errMsg: string, errCode: number) {
    super(errMsg);
    this.name = 'RuntimeFailure';
    this.errMsg = errMsg;
    this.errCode = errCode;
  }
}

export const requestTimeout = () => new RuntimeFailure('timeout', RuntimeErrCode.REQUEST_FAIL);
export const requestNetworkError = () => new RuntimeFailure('request:fail', RuntimeErrCode.REQUEST_FAIL);
export const requestAbort = () => new RuntimeFailure('abort', RuntimeErrCode.ABORT);

/** SPEC §8: an API the H5 runtime does not have. */
export function notSupported(api: string): RuntimeFailure {
  return new RuntimeFailure(`method 'uni.${api}' not supported`, -1);
}
