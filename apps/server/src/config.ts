import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ALERT_CHANNELS } from '@encore/contract';
import { z } from 'zod';
import {
  type EnvValues,
  envSchema,
  envValues,
  envVar,
  envVariables,
  secretEnvVar,
} from './env-settings.ts';
import { readOrCreateSecret } from './secret-file.ts';
import { StartupError } from './startup-error.ts';

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

const onOff = (fallback: 'on' | 'off') =>
  z
    .enum(['on', 'off'])
    .default(fallback)
    .transform((v) => v === 'on');
/** A comma-separated list: items trimmed, empty ones dropped. */
const commaList = (fallback: readonly string[], normalise = (item: string) => item) =>
  z
    .string()
    .default(fallback.join(','))
    .transform((v) =>
      v
        .split(',')
        .map((item) => normalise(item.trim()))
        .filter(Boolean),
    );
const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');
const unique = <T>(items: T[]) => [...new Set(items)];

function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

/**
 * Every environment variable Encore reads, once: its name, default and parsing, placed where
 * its value sits in AppConfig. README.md's configuration table lists the same (a test checks).
 */
const SETTINGS = {
  port: envVar('PORT', port(3000)),
  /**
   * The interface to listen on. Unset, loopback only (`localhost`): a first start serves the demo,
   * whose password is published, to this machine alone; `0.0.0.0` (every interface) when
   * PUBLIC_URL names a host other than this machine, since users then reach it from elsewhere.
   */
  host: envVar('HOST', optionalText),
  /** Absolute. Holds the embedded Postgres cluster and generated secrets. */
  dataDir: envVar('DATA_DIR', z.string().min(1).default('./data')),
  /** When set, Encore uses this Postgres and starts no embedded server. */
  databaseUrl: envVar('DATABASE_URL', optionalText),
  embeddedPgPort: envVar('EMBEDDED_PG_PORT', port(5433)),
  publicUrl: envVar('PUBLIC_URL', optionalText.pipe(z.url().optional())),
  trustedOrigins: envVar('TRUSTED_ORIGINS', commaList([])),
  authSecret: secretEnvVar('BETTER_AUTH_SECRET', optionalText.pipe(z.string().min(32).optional())),
  /**
   * Requests per window (RATE_LIMIT_*): per client address for sign-up, login and the username
   * check; per account, and four times that per address, for the signed-in routes
   * (http/rate-limit-rules.ts lists which route counts against which).
   */
  rateLimit: {
    windowSeconds: envVar('RATE_LIMIT_WINDOW_SECONDS', positive(60)),
    signUp: envVar('RATE_LIMIT_SIGN_UP', positive(10)),
    login: envVar('RATE_LIMIT_LOGIN', positive(10)),
    usernameCheck: envVar('RATE_LIMIT_USERNAME_CHECK', positive(60)),
    passwordChange: envVar('RATE_LIMIT_PASSWORD_CHANGE', positive(5)),
    verificationSend: envVar('RATE_LIMIT_VERIFICATION_SEND', positive(5)),
    phoneVerify: envVar('RATE_LIMIT_PHONE_VERIFY', positive(20)),
    feedback: envVar('RATE_LIMIT_FEEDBACK', positive(5)),
    dataExport: envVar('RATE_LIMIT_DATA_EXPORT', positive(5)),
    photoUpload: envVar('RATE_LIMIT_PHOTO_UPLOAD', positive(10)),
    showChanges: envVar('RATE_LIMIT_SHOW_CHANGES', positive(30)),
    search: envVar('RATE_LIMIT_SEARCH', positive(120)),
    spotify: envVar('RATE_LIMIT_SPOTIFY', positive(60)),
    /** Last.fm previews and imports (each preview makes two calls on our API key). */
    lastfm: envVar('RATE_LIMIT_LASTFM', positive(30)),
    clientEvents: envVar('RATE_LIMIT_CLIENT_EVENTS', positive(30)),
    ticketClicks: envVar('RATE_LIMIT_TICKET_CLICKS', positive(60)),
    /** Tour plans made or re-run (each reads every fitting venue and, with LLM_BASE_URL, calls the model). */
    tourPlans: envVar('RATE_LIMIT_TOUR_PLANS', positive(20)),
    /** Booking requests sent and answered (each mails the other party). */
    bookingRequests: envVar('RATE_LIMIT_BOOKING_REQUESTS', positive(30)),
    /** Show-import previews and imports (each may fetch a calendar URL; an import writes up to 500 shows). */
    showImports: envVar('RATE_LIMIT_SHOW_IMPORTS', positive(20)),
  },
  logLevel: envVar(
    'LOG_LEVEL',
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  webDistDir: envVar('WEB_DIST_DIR', optionalText),
  /** Fastify's trustProxy: false, true, a hop count, or a comma list of proxy addresses. */
  trustProxy: envVar('TRUST_PROXY', optionalText.transform(parseTrustProxy)),
  /** Without `smtpUrl`, mail is written as JSON files under DATA_DIR/mail. */
  mail: {
    smtpUrl: secretEnvVar('SMTP_URL', optionalText),
    from: envVar('MAIL_FROM', z.string().min(1).default('Encore <no-reply@encore.local>')),
    supportEmail: envVar('SUPPORT_EMAIL', z.string().min(1).default('support@encore.local')),
  },
  /** Twilio-compatible REST API; without `apiUrl`, texts are written under DATA_DIR/sms. */
  sms: {
    apiUrl: envVar('SMS_API_URL', optionalText.pipe(z.url().optional())),
    accountSid: envVar('SMS_ACCOUNT_SID', optionalText),
    authToken: secretEnvVar('SMS_AUTH_TOKEN', optionalText),
    from: envVar('SMS_FROM', optionalText),
  },
  /**
   * Load the demo data set into an empty database at start. DEMO_DATA=on|off; unset, it is on
   * for the embedded Postgres and off with DATABASE_URL (a real deployment starts empty).
   */
  demoData: envVar('DEMO_DATA', optionalText.pipe(z.enum(['on', 'off']).optional())),
  /**
   * Where this Encore runs the alert engine's workers (matching, delivery, digest). `on`: in a
   * child process it starts, supervises and stops (worker-children.ts, decision 066), so their CPU
   * never queues a page behind it on the API's event loop. `in-process`: inside the API's own
   * process (one process; the tests that hand the workers fake senders). `off`: not here, left to
   * `npm run worker` processes against the same database.
   */
  workers: envVar('WORKERS', z.enum(['on', 'in-process', 'off']).default('on')),
  /**
   * PAGE_CACHES=off serves every page from the database: the public and private page caches
   * (http/cached-pages.ts) keep nothing. For measuring what a page costs without them
   * (bench:traffic's uncached rounds), and for ruling them out when a page looks stale.
   */
  pageCaches: envVar('PAGE_CACHES', onOff('on')),
  /**
   * SHOW_FRAGMENTS=off builds Your Alerts and the artist and venue pages in one statement,
   * their shows included, instead of from the per-show card fragments each process keeps
   * (http/show-fragments.ts, decisions 051 and 054): to rule them out when a card looks stale,
   * and the reference the tests compare them with.
   * Independent of PAGE_CACHES: a page the page cache misses is still made of fragments.
   */
  showFragments: envVar('SHOW_FRAGMENTS', onOff('on')),
  /**
   * ALERT_LEASE_SECONDS: how long a claimed delivery is reserved for the worker sending it,
   * renewed each time the worker records progress on its batch. A worker that dies leaves its
   * last few unrecorded deliveries to be sent again after this, so it must comfortably exceed
   * the longest one message can take (SMTP and HTTP time out after 15 s).
   */
  alertLeaseMs: envVar(
    'ALERT_LEASE_SECONDS',
    positive(120).transform((s) => s * 1000),
  ),
  /**
   * ALERT_CHANNELS: the outbound channels whose deliveries this process's workers send (all of
   * the contract's ALERT_CHANNELS by default). Other processes, with other lists, send the rest: the outbox shares
   * work between any number of them.
   */
  alertChannels: envVar(
    'ALERT_CHANNELS',
    commaList(ALERT_CHANNELS)
      .pipe(
        z.array(z.enum(ALERT_CHANNELS, { error: `a comma list of ${ALERT_CHANNELS.join(', ')}` })),
      )
      .transform(unique),
  ),
  /**
   * `npm run worker` only. WORKER_PROCESSES=one: matching and every channel's delivery in one
   * process. `per-channel`: the process matches and starts one child process per channel of
   * ALERT_CHANNELS, so the channels stop sharing one event loop (one core); each child's V8
   * heap is capped at WORKER_HEAP_MB.
   */
  /**
   * Prometheus metrics (GET /metrics, text format) on a port of their own, never on PORT: off
   * unless METRICS_PORT is set; on loopback unless METRICS_HOST says otherwise (a scraper on
   * another machine). A worker process serves its own on the METRICS_PORT it is given.
   */
  metrics: {
    port: envVar(
      'METRICS_PORT',
      optionalText.pipe(z.coerce.number<string | undefined>().int().min(1).max(65_535).optional()),
    ),
    host: envVar('METRICS_HOST', z.string().min(1).default('127.0.0.1')),
  },
  workerProcesses: envVar('WORKER_PROCESSES', z.enum(['one', 'per-channel']).default('one')),
  workerHeapMb: envVar('WORKER_HEAP_MB', positive(512)),
  /**
   * WORKER_CHILDREN_PER_CHANNEL: with `per-channel`, how many delivery processes each channel
   * gets (they share its work through the outbox). Email is the costliest message to build: a
   * second email process uses a second core.
   */
  workerChildrenPerChannel: envVar('WORKER_CHILDREN_PER_CHANNEL', positive(1)),
  /**
   * The music provider. Without a client id the connect step says Spotify is not configured.
   * `accountsUrl` serves /authorize (the browser goes there) and /api/token; `apiUrl` is the Web
   * API's base including /v1. Both are configurable so tests can point them at a local fake.
   */
  spotify: {
    clientId: envVar('SPOTIFY_CLIENT_ID', optionalText),
    clientSecret: secretEnvVar('SPOTIFY_CLIENT_SECRET', optionalText),
    accountsUrl: envVar(
      'SPOTIFY_ACCOUNTS_URL',
      z.url().default('https://accounts.spotify.com').transform(withoutTrailingSlash),
    ),
    apiUrl: envVar(
      'SPOTIFY_API_URL',
      z.url().default('https://api.spotify.com/v1').transform(withoutTrailingSlash),
    ),
  },
  /**
   * The second music library: Last.fm's public API, read by username with our API key (no
   * sign-in at Last.fm). Without LASTFM_API_KEY the import says Last.fm is not configured.
   * LASTFM_API_URL is the method endpoint itself (its path included), so tests can point it at
   * a local fake.
   */
  lastfm: {
    apiKey: secretEnvVar('LASTFM_API_KEY', optionalText),
    apiUrl: envVar('LASTFM_API_URL', z.url().default('https://ws.audioscrobbler.com/2.0/')),
  },
  /**
   * The optional language model of the tour planner: any OpenAI-compatible chat-completions API.
   * Without LLM_BASE_URL the planner reads prompts and drafts emails itself (it always computes
   * the numbers itself). LLM_TIMEOUT_MS bounds each call; a slow model falls back, never hangs a
   * request.
   */
  llm: {
    baseUrl: envVar(
      'LLM_BASE_URL',
      optionalText.pipe(z.url().optional()).transform((v) => v && withoutTrailingSlash(v)),
    ),
    apiKey: secretEnvVar('LLM_API_KEY', optionalText),
    model: envVar('LLM_MODEL', z.string().min(1).default('gpt-4o-mini')),
    timeoutMs: envVar('LLM_TIMEOUT_MS', positive(8000)),
  },
  /**
   * Web push. `serviceHosts` (PUSH_SERVICE_HOSTS): the push services a browser subscription may
   * point at (`*.example.com` for subdomains), checked when a fan subscribes and again when an
   * alert is sent. `allowPrivateAddresses` (PUSH_ALLOW_PRIVATE_ADDRESSES=on) lets pushes reach
   * loopback and private addresses: only for tests and benches, whose push service runs locally;
   * never in production, where it reopens server-side request forgery into the local network.
   */
  push: {
    serviceHosts: envVar(
      'PUSH_SERVICE_HOSTS',
      commaList(DEFAULT_PUSH_SERVICE_HOSTS, (h) => h.toLowerCase())
        .pipe(
          z
            .array(
              z
                .string()
                .regex(PUSH_HOST_PATTERN, 'a comma list of host names, `*.` for subdomains'),
            )
            .min(1, 'at least one push service host'),
        )
        .transform(unique),
    ),
    allowPrivateAddresses: envVar('PUSH_ALLOW_PRIVATE_ADDRESSES', onOff('off')),
  },
  /**
   * Importing shows from a calendar URL (decision 050). `allowPrivateAddresses`
   * (SHOW_IMPORT_ALLOW_PRIVATE_ADDRESSES=on) lets the fetch reach loopback and private addresses:
   * only for tests, whose calendar server runs locally; never in production (server-side request
   * forgery into the local network, as for pushes).
   */
  showImport: {
    allowPrivateAddresses: envVar('SHOW_IMPORT_ALLOW_PRIVATE_ADDRESSES', onOff('off')),
  },
};

/** Every variable SETTINGS declares (README.md's table is checked against it). */
export const ENV_VARIABLES = envVariables(SETTINGS);
const ZEnv = envSchema(SETTINGS);
const SECRET_VARIABLES = new Set(ENV_VARIABLES.filter((v) => v.secret).map((v) => v.variable));

type FromEnv = EnvValues<typeof SETTINGS>;
/** Settings computed from others when their variable is unset (see loadConfig). */
type Computed = 'host' | 'publicUrl' | 'trustedOrigins' | 'authSecret' | 'demoData' | 'webDistDir';
type Flat<T> = { [K in keyof T]: T[K] };

/** The configuration: SETTINGS' values, with those computed from others always set. */
export type AppConfig = Flat<
  Omit<FromEnv, Computed> & {
    /** See SETTINGS.host. */
    host: string;
    /** The URL users open; better-auth's baseURL and the one origin trusted by default. */
    publicUrl: string;
    /**
     * Origins allowed to send state-changing requests: PUBLIC_URL's (without it, the loopback
     * spellings of our port) plus TRUSTED_ORIGINS'.
     */
    trustedOrigins: string[];
    /** BETTER_AUTH_SECRET, or the one generated into DATA_DIR. */
    authSecret: string;
    /** See SETTINGS.demoData. */
    demoData: boolean;
    /** Absolute. */
    webDistDir: string;
  }
>;
export type RateLimits = AppConfig['rateLimit'];

/**
 * With no PUBLIC_URL the app is reached on this machine, and a user may type any spelling of it:
 * writes from localhost, 127.0.0.1 and [::1] on our port are all ours (the probe found sign-up
 * refused at http://127.0.0.1:3000).
 */
function loopbackOrigins(port: number): string[] {
  return ['localhost', '127.0.0.1', '[::1]'].map((host) => `http://${host}:${port}`);
}

/** Whether a host name or address names this machine (localhost, 127.x.x.x, ::1 or [::1]). */
export function isLoopbackHost(host: string): boolean {
  return ['localhost', '::1', '[::1]'].includes(host) || /^127\.\d+\.\d+\.\d+$/.test(host);
}

const isLoopbackUrl = (url: string) => isLoopbackHost(new URL(url).hostname);

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
      const shown = SECRET_VARIABLES.has(name) ? '' : `=${JSON.stringify(env[name])}`;
      return `${name}${shown} (${i.message})`;
    });
    throw new StartupError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = envValues(SETTINGS, parsed.data);
  if (e.sms.apiUrl && !(e.sms.accountSid && e.sms.authToken && e.sms.from)) {
    // Better at start-up than when the first user asks for a code.
    throw new StartupError(
      'Invalid configuration: SMS_API_URL is set, so SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and SMS_FROM are needed too',
    );
  }
  if (e.spotify.clientId && !e.spotify.clientSecret) {
    throw new StartupError(
      'Invalid configuration: SPOTIFY_CLIENT_ID is set, so SPOTIFY_CLIENT_SECRET is needed too',
    );
  }
  const c = withOverrides(e, overrides);
  const dataDir = resolve(process.cwd(), c.dataDir);
  const publicUrl = withoutTrailingSlash(c.publicUrl ?? `http://localhost:${c.port}`);
  const extraOrigins = e.trustedOrigins.map((o) => toOrigin(o, 'TRUSTED_ORIGINS'));
  const ownOrigins = c.publicUrl ? [toOrigin(publicUrl, 'PUBLIC_URL')] : loopbackOrigins(c.port);
  return {
    ...c,
    host: c.host ?? (c.publicUrl && !isLoopbackUrl(publicUrl) ? '0.0.0.0' : 'localhost'),
    dataDir,
    publicUrl,
    trustedOrigins: overrides.trustedOrigins ?? unique([...ownOrigins, ...extraOrigins]),
    // Generated once and kept in DATA_DIR, so sessions survive restarts without any setup.
    authSecret: c.authSecret ?? readOrCreateSecret(resolve(dataDir, 'auth-secret')),
    webDistDir: resolve(process.cwd(), c.webDistDir ?? DEFAULT_WEB_DIST_DIR),
    demoData: overrides.demoData ?? (e.demoData ? e.demoData === 'on' : !c.databaseUrl),
  };
}

/**
 * The environment's values with the overrides' on top: a group (`mail`, `rateLimit`…) is replaced
 * whole; an undefined override leaves the environment's value, except `databaseUrl`'s, which
 * means "the embedded Postgres". (demoData, on/off in the environment, is loadConfig's.)
 */
function withOverrides(e: FromEnv, overrides: Partial<AppConfig>): Omit<FromEnv, 'demoData'> {
  const given = Object.entries(overrides).filter(
    ([key, value]) => key in e && (value !== undefined || key === 'databaseUrl'),
  );
  return { ...e, ...Object.fromEntries(given) };
}
