/**
 * Logger hooks. A client that leaves while its response is still streaming (a tab closed, a page left
 * for the payment cashier) breaks the pipe; the compressor logs that at error level, but it is not a
 * server fault, so it is written at debug instead.
 */

/** The broken-pipe errors of a client that went away mid-response. */
export function isClientAbort(value: unknown): boolean {
  if (!(value instanceof Error)) return false;
  const code = (value as NodeJS.ErrnoException).code;
  return code === 'ERR_STREAM_PREMATURE_CLOSE' || value.message.toLowerCase() === 'premature close';
}

interface DebugLogger {
  debug: (...args: never[]) => void;
}

const ERROR_LEVEL = 50;

/** pino `hooks.logMethod`: error-level logs of a client abort go to debug; everything else as asked. */
export function logMethod(
  this: DebugLogger,
  args: unknown[],
  method: (...args: unknown[]) => void,
  level: number,
): void {
  if (level >= ERROR_LEVEL && isClientAbort(args[0])) {
    (this.debug as (...a: unknown[]) => void)(...args);
    return;
  }
  method.apply(this, args);
}
