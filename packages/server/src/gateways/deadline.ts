/**
 * The bound on every call to an external provider (payment, SMS, operator): a provider that does not
 * answer within GATEWAY_TIMEOUT_MS counts as failed, so a request never waits on it longer. Each gateway
 * is wrapped once where the app builds it; the callers already treat a failed call as the provider's
 * refusal (the order stays payable, the SMS answer says the code was not sent, the card answers its last
 * known state). The call itself is not cancelled: a late answer is ignored.
 */

/** A provider did not answer in time. */
export class GatewayTimeout extends Error {
  constructor(gateway: string, method: string, ms: number) {
    super(`${gateway}.${method}: no answer within ${ms} ms`);
    this.name = 'GatewayTimeout';
  }
}

/**
 * `gateway` with every method that returns a promise bounded by `ms`; `timeoutError` makes the error a
 * late call rejects with (a gateway's own refusal type, so its callers need nothing new).
 */
export function withDeadline<T extends object>(
  gateway: T,
  name: string,
  ms: number,
  timeoutError: (timeout: GatewayTimeout) => Error = (timeout) => timeout,
): T {
  return new Proxy(gateway, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        // Called on the gateway itself, so that its private fields work.
        const answer: unknown = value.apply(target, args);
        if (!(answer instanceof Promise)) return answer;
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<never>((_resolve, reject) => {
          timer = setTimeout(() => reject(timeoutError(new GatewayTimeout(name, String(property), ms))), ms);
        });
        return Promise.race([answer, late]).finally(() => clearTimeout(timer));
      };
    },
  });
}
