/**
 * How an error is written to the log: its type, SQLSTATE or error code, message and stack, and
 * nothing else. Errors carry what the request carried: drizzle's query error puts the statement's
 * parameters (emails, phones, tokens) in its message and a `params` property, and pg's errors
 * repeat row values in `detail`. Pino's default serializer copies every property, so a failed
 * write logged a fan's phone number; this one copies only what says where and why it failed.
 */
export type SafeError = {
  type: string;
  message: string;
  stack: string;
  code?: string;
  cause?: SafeError;
};

/** Drizzle appends `\nparams: a,b,c` to "Failed query: <sql>"; the values go. */
const QUERY_PARAMS = /\nparams: [\s\S]*?(?=\n\s+at |$)/g;
/**
 * The statement itself is cut to its start: the alert engine's statements run to kilobytes, and
 * a failure under load logged each one whole. Its start names the statement; the code says why.
 */
const FAILED_QUERY = /^(.*?Failed query: )([\s\S]*?)(?=\nparams: |\n\s+at |$)/;
const QUERY_SHOWN = 120;
const MAX_CAUSES = 4;

export function safeError(error: Error, depth = 0): SafeError {
  // Something else thrown (a string, a plain object) has no request data attached to it.
  if (!(error instanceof Error)) return error;
  const safe: SafeError = {
    type: error.name,
    message: redact(error.message),
    stack: redact(error.stack ?? ''),
  };
  const { code } = error as { code?: unknown };
  if (typeof code === 'string') safe.code = code;
  if (error.cause instanceof Error && depth < MAX_CAUSES) {
    safe.cause = safeError(error.cause, depth + 1);
  }
  return safe;
}

function redact(text: string): string {
  return text
    .replace(QUERY_PARAMS, '\nparams: [not logged]')
    .replace(FAILED_QUERY, (_, head: string, query: string) => {
      const flat = query.replace(/\s+/g, ' ').trim();
      return `${head}${flat.length > QUERY_SHOWN ? `${flat.slice(0, QUERY_SHOWN)}…` : flat}`;
    });
}

/** Pino serializers for every logger of ours (API and worker): `err` through safeError. */
export const LOG_SERIALIZERS = { err: (error: Error) => safeError(error) };
