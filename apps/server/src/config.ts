import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { readOrCreateSecret } from './secret-file.ts';
import { StartupError } from './startup-error.ts';

/** The channels that leave Encore (alerts/channel-sender.ts' OutboundChannel). */
const OUTBOUND_CHANNELS = ['email', 'sms', 'push'] as const;

/** Where `npm run build -w @encore/web` writes the SPA, wherever the process was started from. */
const DEFAULT_WEB_DIST_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));

/**
 * The browsers' push services (Chrome and other Chromium browsers: Google FCM; Firefox: Mozilla
 * autopush; Safari: Apple; Edge: Windows WNS). `*.` matches any subdomain, not the domain itself.
 */
const DEFAULT_PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'push.services.mozilla.com',
  '*.push.apple.com',
  '*.notify.windows.com',
];
/** A host name, optionally `*.`-prefixed, or an IP address (v6 in brackets or not). */
const PUSH_HOST_PATTERN = /^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*$|^\[?[0-9a-f:.]+\]?$/;

const port = (fallback: number) => z.coerce.number().int().min(0).max(65_535).default(fallback);
const positive = (fallback: number) => z.coerce.number().int().positive().default(fallback);
const optionalText = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined));

/** The environment variables Encore reads; README.md's configuration table lists the same. */
const ZEnv = z.object({
  PORT: port(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalText,
  EMBEDDED_PG_PORT: port(5433),
  PUBLIC_URL: optionalText.pipe(z.url().optional()),
  TRUSTED_ORIGINS: z.string().default(''),
  BETTER_AUTH_SECRET: optionalText.pipe(z.string().min(32).optional()),
  RATE_LIMIT_WINDOW_SECONDS: positive(60),
  RATE_LIMIT_SIGN_UP: positive(10),
  RATE_LIMIT_LOGIN: positive(10),
  RATE_LIMIT_USERNAME_CHECK: positive(60),
  RATE_LIMIT_PASSWORD_CHANGE: positive(5),
  RATE_LIMIT_VERIFICATION_SEND: positive(5),
  RATE_LIMIT_PHONE_VERIFY: positive(20),
  RATE_LIMIT_FEEDBACK: positive(5),
  RATE_LIMIT_DATA_EXPORT: positive(5),
  RATE_LIMIT_PHOTO_UPLOAD: positive(10),
  RATE_LIMIT_SHOW_CHANGES: positive(30),
  RATE_LIMIT_SEARCH: positive(120),
  RATE_LIMIT_SPOTIFY: positive(60),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: optionalText,
  TRUST_PROXY: optionalText,
  SMTP_URL: optionalText,
  MAIL_FROM: z.string().min(1).default('Encore <no-reply@encore.local>'),
  SUPPORT_EMAIL: z.string().min(1).default('support@encore.local'),
  SMS_API_URL: optionalText.pipe(z.url().optional()),
  SMS_ACCOUNT_SID: optionalText,
  SMS_AUTH_TOKEN: optionalText,
  SMS_FROM: optionalText,
  DEMO_DATA: optionalText.pipe(z.enum(['on', 'off']).optional()),
  WORKERS: z.enum(['on', 'off']).default('on'),
  ALERT_LEASE_SECONDS: positive(120),
  ALERT_CHANNELS: z
    .string()
    .default(OUTBOUND_CHANNELS.join(','))
    .transform((v) =>
      v
        .split(',')
        .map((c) => c.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(OUTBOUND_CHANNELS, { error: 'a comma list of email, sms, push' }))),
  WORKER_PROCESSES: z.enum(['one', 'per-channel']).default('one'),
  WORKER_HEAP_MB: positive(512),
  WORKER_CHILDREN_PER_CHANNEL: positive(1),
  SPOTIFY_CLIENT_ID: optionalText,
  SPOTIFY_CLIENT_SECRET: optionalText,
  SPOTIFY_ACCOUNTS_URL: z.url().default('https://accounts.spotify.com'),
  SPOTIFY_API_URL: z.url().default('https://api.spotify.com/v1'),
  PUSH_SERVICE_HOSTS: z
    .string()
    .default(DEFAULT_PUSH_SERVICE_HOSTS.join(','))
    .transform((v) =>
      v
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(
          z.string().regex(PUSH_HOST_PATTERN, 'a comma list of host names, `*.` for subdomains'),
        )
        .min(1, 'at least one push service host'),
    ),
  PUSH_ALLOW_PRIVATE_ADDRESSES: z.enum(['on', 'off']).default('off'),
});

export type RateLimits = {
  windowSeconds: number;
  signUp: number;
  login: number;
  usernameCheck: number;
  passwordChange: number;
  verificationSend: number;
  phoneVerify: number;
  feedback: number;
  dataExport: number;
  photoUpload: number;
  showChanges: number;
  search: number;
  spotify: number;
};

export type AppConfig = {
  port: number;
  host: string;
  /** Absolute. Holds the embedded Postgres cluster and generated secrets. */
  dataDir: string;
  /** When set, Encore uses this Postgres and starts no embedded server. */
  databaseUrl: string | undefined;
  embeddedPgPort: number;
  /** The URL users open; better-auth's baseURL and the one origin trusted by default. */
  publicUrl: string;
  /**
   * Origins allowed to send state-changing requests: PUBLIC_URL's (without it, the loopback
   * spellings of our port) plus TRUSTED_ORIGINS.
   */
  trustedOrigins: string[];
  authSecret: string;
  /**
   * Requests per window (RATE_LIMIT_*): per client address for sign-up, login and the username
   * check; per account, and four times that per address, for the signed-in routes
   * (http/rate-limit-rules.ts lists which route counts against which).
   */
  rateLimit: RateLimits;
  logLevel: z.infer<typeof ZEnv>['LOG_LEVEL'];
  webDistDir: string;
  /** Fastify's trustProxy: false, true, a hop count, or a comma list of proxy addresses. */
  trustProxy: boolean | number | string;
  /** Without `smtpUrl`, mail is written as JSON files under DATA_DIR/mail. */
  mail: { smtpUrl: string | undefined; from: string; supportEmail: string };
  /** Twilio-compatible REST API; without `apiUrl`, texts are written under DATA_DIR/sms. */
  sms: {
    apiUrl: string | undefined;
    accountSid: string | undefined;
    authToken: string | undefined;
    from: string | undefined;
  };
  /**
   * Load the demo data set into an empty database at start. DEMO_DATA=on|off; unset, it is on
   * for the embedded Postgres and off with DATABASE_URL (a real deployment starts empty).
   */
  demoData: boolean;
  /**
   * Run the alert engine's workers (matching, delivery, digest) inside the API process.
   * WORKERS=off leaves them to `npm run worker` processes against the same database.
   */
  workers: boolean;
  /**
   * ALERT_LEASE_SECONDS: how long a claimed delivery is reserved for the worker sending it,
   * renewed each time the worker records progress on its batch. A worker that dies leaves its
   * last few unrecorded deliveries to be sent again after this, so it must comfortably exceed
   * the longest one message can take (SMTP and HTTP time out after 15 s).
   */
  alertLeaseMs: number;
  /**
   * ALERT_CHANNELS: the outbound channels whose deliveries this process's workers send (all
   * three by default). Other processes, with other lists, send the rest: the outbox shares
   * work between any number of them.
   */
  alertChannels: Array<(typeof OUTBOUND_CHANNELS)[number]>;
  /**
   * `npm run worker` only. WORKER_PROCESSES=one: matching and every channel's delivery in one
   * process. `per-channel`: the process matches and starts one child process per channel of
   * ALERT_CHANNELS, so the channels stop sharing one event loop (one core); each child's V8
   * heap is capped at WORKER_HEAP_MB.
   */
  workerProcesses: 'one' | 'per-channel';
  workerHeapMb: number;
  /**
   * WORKER_CHILDREN_PER_CHANNEL: with `per-channel`, how many delivery processes each channel
   * gets (they share its work through the outbox). Email is the costliest message to build: a
   * second email process uses a second core.
   */
  workerChildrenPerChannel: number;
  /**
   * The music provider. Without a client id the connect step says Spotify is not configured.
   * `accountsUrl` serves /authorize (the browser goes there) and /api/token; `apiUrl` is the Web
   * API's base including /v1. Both are configurable so tests can point them at a local fake.
   */
  spotify: {
    clientId: string | undefined;
    clientSecret: string | undefined;
    accountsUrl: string;
    apiUrl: string;
  };
  /**
   * Web push. `serviceHosts` (PUSH_SERVICE_HOSTS): the push services a browser subscription may
   * point at (`*.example.com` for subdomains), checked when a fan subscribes and again when an
   * alert is sent. `allowPrivateAddresses` (PUSH_ALLOW_PRIVATE_ADDRESSES=on) lets pushes reach
   * loopback and private addresses: only for tests and benches, whose push service runs locally;
   * never in production, where it reopens server-side request forgery into the local network.
   */
  push: { serviceHosts: string[]; allowPrivateAddresses: boolean };
};

function parseTrustProxy(value: string | undefined): AppConfig['trustProxy'] {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

/**
 * With no PUBLIC_URL the app is reached on this machine, and a user may type any spelling of it:
 * writes from localhost, 127.0.0.1 and [::1] on our port are all ours (the probe found sign-up
 * refused at http://127.0.0.1:3000).
 */
function loopbackOrigins(port: number): string[] {
  return ['localhost', '127.0.0.1', '[::1]'].map((host) => `http://${host}:${port}`);
}

function toOrigin(url: string, variable: string): string {
  try {
    return new URL(url).origin;
  } catch {
    throw new Error(
      `${variable} contains "${url}", which is not a URL (e.g. http://localhost:5173)`,
    );
  }
}

/**
 * Reads and validates the configuration. `overrides` win over the environment (tests and
 * startServer() callers use them). Throws an Error naming the bad variable on invalid input.
 */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<AppConfig> = {},
): AppConfig {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => {
      // The variable, even when the issue is about a part of it (ALERT_CHANNELS' second item).
      const name = String(i.path[0]);
      // Never echo a secret into the logs.
      const secret = [
        'BETTER_AUTH_SECRET',
        'SMTP_URL',
        'SMS_AUTH_TOKEN',
        'SPOTIFY_CLIENT_SECRET',
      ].includes(name);
      const shown = secret ? '' : `=${JSON.stringify(env[name])}`;
      return `${name}${shown} (${i.message})`;
    });
    throw new StartupError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  if (e.SMS_API_URL && !(e.SMS_ACCOUNT_SID && e.SMS_AUTH_TOKEN && e.SMS_FROM)) {
    // Better at start-up than when the first user asks for a code.
    throw new StartupError(
      'Invalid configuration: SMS_API_URL is set, so SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and SMS_FROM are needed too',
    );
  }
  if (e.SPOTIFY_CLIENT_ID && !e.SPOTIFY_CLIENT_SECRET) {
    throw new StartupError(
      'Invalid configuration: SPOTIFY_CLIENT_ID is set, so SPOTIFY_CLIENT_SECRET is needed too',
    );
  }
  const portValue = overrides.port ?? e.PORT;
  const databaseUrl = 'databaseUrl' in overrides ? overrides.databaseUrl : e.DATABASE_URL;
  const dataDir = resolve(process.cwd(), overrides.dataDir ?? e.DATA_DIR);
  const publicUrl = (
    overrides.publicUrl ??
    e.PUBLIC_URL ??
    `http://localhost:${portValue}`
  ).replace(/\/+$/, '');
  const extraOrigins = e.TRUSTED_ORIGINS.split(',')
    .map((o) => o.trim())
    .filter(Boolean)
    .map((o) => toOrigin(o, 'TRUSTED_ORIGINS'));
  const ownOrigins =
    (overrides.publicUrl ?? e.PUBLIC_URL)
      ? [toOrigin(publicUrl, 'PUBLIC_URL')]
      : loopbackOrigins(portValue);
  const trustedOrigins = overrides.trustedOrigins ?? [...new Set([...ownOrigins, ...extraOrigins])];
  return {
    port: portValue,
    host: overrides.host ?? e.HOST,
    dataDir,
    databaseUrl,
    embeddedPgPort: overrides.embeddedPgPort ?? e.EMBEDDED_PG_PORT,
    publicUrl,
    trustedOrigins,
    // Generated once and kept in DATA_DIR, so sessions survive restarts without any setup.
    authSecret:
      overrides.authSecret ??
      e.BETTER_AUTH_SECRET ??
      readOrCreateSecret(resolve(dataDir, 'auth-secret')),
    rateLimit: overrides.rateLimit ?? {
      windowSeconds: e.RATE_LIMIT_WINDOW_SECONDS,
      signUp: e.RATE_LIMIT_SIGN_UP,
      login: e.RATE_LIMIT_LOGIN,
      usernameCheck: e.RATE_LIMIT_USERNAME_CHECK,
      passwordChange: e.RATE_LIMIT_PASSWORD_CHANGE,
      verificationSend: e.RATE_LIMIT_VERIFICATION_SEND,
      phoneVerify: e.RATE_LIMIT_PHONE_VERIFY,
      feedback: e.RATE_LIMIT_FEEDBACK,
      dataExport: e.RATE_LIMIT_DATA_EXPORT,
      photoUpload: e.RATE_LIMIT_PHOTO_UPLOAD,
      showChanges: e.RATE_LIMIT_SHOW_CHANGES,
      search: e.RATE_LIMIT_SEARCH,
      spotify: e.RATE_LIMIT_SPOTIFY,
    },
    logLevel: overrides.logLevel ?? e.LOG_LEVEL,
    webDistDir: resolve(
      process.cwd(),
      overrides.webDistDir ?? e.WEB_DIST_DIR ?? DEFAULT_WEB_DIST_DIR,
    ),
    trustProxy: overrides.trustProxy ?? parseTrustProxy(e.TRUST_PROXY),
    mail: overrides.mail ?? {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      supportEmail: e.SUPPORT_EMAIL,
    },
    sms: overrides.sms ?? {
      apiUrl: e.SMS_API_URL,
      accountSid: e.SMS_ACCOUNT_SID,
      authToken: e.SMS_AUTH_TOKEN,
      from: e.SMS_FROM,
    },
    demoData: overrides.demoData ?? (e.DEMO_DATA ? e.DEMO_DATA === 'on' : !databaseUrl),
    workers: overrides.workers ?? e.WORKERS === 'on',
    alertLeaseMs: overrides.alertLeaseMs ?? e.ALERT_LEASE_SECONDS * 1000,
    alertChannels: overrides.alertChannels ?? [...new Set(e.ALERT_CHANNELS)],
    workerProcesses: overrides.workerProcesses ?? e.WORKER_PROCESSES,
    workerHeapMb: overrides.workerHeapMb ?? e.WORKER_HEAP_MB,
    workerChildrenPerChannel: overrides.workerChildrenPerChannel ?? e.WORKER_CHILDREN_PER_CHANNEL,
    spotify: overrides.spotify ?? {
      clientId: e.SPOTIFY_CLIENT_ID,
      clientSecret: e.SPOTIFY_CLIENT_SECRET,
      accountsUrl: e.SPOTIFY_ACCOUNTS_URL.replace(/\/+$/, ''),
      apiUrl: e.SPOTIFY_API_URL.replace(/\/+$/, ''),
    },
    push: overrides.push ?? {
      serviceHosts: [...new Set(e.PUSH_SERVICE_HOSTS)],
      allowPrivateAddresses: e.PUSH_ALLOW_PRIVATE_ADDRESSES === 'on',
    },
  };
}
