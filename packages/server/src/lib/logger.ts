/**
 * The one logger shape of the server: the part of the app's (pino) logger that services and gateways use.
 * Its lines go through the same redaction as every other (observability/redact.ts).
 */
export interface LogFn {
  (msg: string): void;
  (obj: object, msg?: string): void;
}

export interface Logger {
  debug: LogFn;
  info: LogFn;
  warn: LogFn;
  error: LogFn;
}

/** What a gateway logs with: its calls (info) and what went wrong with them (warn), each with its fields. */
export interface GatewayLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}
