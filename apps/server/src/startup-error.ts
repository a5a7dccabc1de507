/**
 * A start-up failure whose message already says what is wrong and how to fix it (bad
 * configuration, unreachable data folder, busy port): main.ts prints it without a stack trace.
 */
export class StartupError extends Error {
  override name = 'StartupError';
}
