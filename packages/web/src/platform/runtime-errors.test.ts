import { describe, expect, it } from 'vitest';
import {
  notSupported,
  RuntimeErrCode,
  RuntimeFailure,
  requestAbort,
  requestNetworkError,
  requestTimeout,
} from './runtime-errors';

describe('generic runtime failures (SPEC §8)', () => {
  it('pins the codes', () => {
    expect(RuntimeErrCode).toEqual({
      REQUEST_FAIL: 5,
      ABORT: 600003,
      UPLOAD_DOWNLOAD_NETWORK: 602001,
      SOCKET_CONNECT: 600009,
      SOCKET_CLOSED: 10002,
    });
  });

  it('request timeout, network error and abort', () => {
    expect(requestTimeout()).toMatchObject({ errMsg: 'timeout', errCode: 5, message: 'timeout' });
    expect(requestNetworkError()).toMatchObject({ errCode: 5 });
    expect(requestAbort()).toMatchObject({ errMsg: 'abort', errCode: 600003 });
  });

  it("an unsupported API says method 'uni.X' not supported", () => {
    const error = notSupported('getLocation');
    expect(error).toBeInstanceOf(RuntimeFailure);
    expect(error.errMsg).toBe("method 'uni.getLocation' not supported");
    expect(error.message).toBe("method 'uni.getLocation' not supported");
  });
});
