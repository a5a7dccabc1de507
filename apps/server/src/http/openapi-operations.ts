import type { TRole } from '@encore/contract';
import { type AccessRule, accessRuleOf, type OwnedTarget } from './access-rules.ts';

/** The OpenAPI name of the session cookie's security scheme. */
export const SESSION_SCHEME = 'session';

/**
 * What every documented operation gets from its registration rather than from its route module:
 * an `operationId` made of its method and URL, its `security` and a sentence on who may call it,
 * both read from its rule in `access-rules.ts` (the rule the access guard enforces, so the two
 * cannot disagree), and its path without the trailing slash a `'/'` route under a prefix has
 * (`/api/account/`: the router answers `/api/account` as well).
 */
export function describeOperation(
  method: string,
  url: string,
  schema: Record<string, unknown>,
): { url: string; schema: Record<string, unknown> } {
  const path = url.length > 1 && url.endsWith('/') ? url.slice(0, -1) : url;
  const rule = accessRuleOf(method, path);
  if (!rule) return { url: path, schema };
  const who = whoMayCall(rule);
  return {
    url: path,
    schema: {
      ...schema,
      // A route may name itself where the made-up name would repeat another's (a page's HTML
      // beside its JSON: `/shows/:id` and `/api/shows/:id`).
      operationId:
        typeof schema.operationId === 'string' ? schema.operationId : operationId(method, path),
      security:
        rule.access === 'public' || rule.access === 'token' ? [] : [{ [SESSION_SCHEME]: [] }],
      description: typeof schema.description === 'string' ? `${schema.description}\n\n${who}` : who,
    },
  };
}

/**
 * `GET /api/shows/:id/calendar.ics` -> `getShowsByIdCalendarIcs`: unique as long as the
 * method and URL are (the lint's `operation-operationId-unique` fails otherwise), and stable, so
 * generated clients keep their names. `/api` is left out: nearly every path has it.
 */
export function operationId(method: string, url: string): string {
  const words = url
    .replace(/^\/api(?=\/|$)/, '')
    .split('/')
    .filter((segment) => segment !== '')
    .flatMap((segment) => {
      const param = /^:(\w+)(.*)$/.exec(segment);
      return param ? [`by-${param[1]}`, param[2] ?? ''] : [segment];
    })
    .flatMap((part) => part.split(/[^A-Za-z0-9]+|(?=[A-Z])/))
    .filter((word) => word !== '');
  return method.toLowerCase() + words.map((w) => w[0]?.toUpperCase() + w.slice(1)).join('');
}

/** Whose target an owner route's `:id` must be, in the words of `OwnedTarget`'s comment. */
const OWNED: Record<OwnedTarget, string> = {
  show: 'whose show it is (its performer or Encore venue)',
  'show-awaiting': 'named by the show and asked for their word',
  'show-results':
    'who enters the show’s results (its Encore venue, or its performer at a venue not on Encore)',
  'show-act': 'named on the show’s bill as a support act',
  'booking-request': 'the party to the booking request who may do this',
};

function roles(list: readonly TRole[]): string {
  return list.length === 1 ? `a ${list[0]}` : list.map((r) => `a ${r}`).join(' or ');
}

/** The access rule in a sentence, for the operation's description. */
function whoMayCall(rule: AccessRule): string {
  switch (rule.access) {
    case 'public':
      return 'Access: anyone, signed in or not.';
    case 'token':
      return `Access: no session; the proof is ${rule.proof}.`;
    case 'signed-in':
      return 'Access: signed in, any role (401 otherwise).';
    case 'role':
      return `Access: signed in as ${roles(rule.roles)} (401 signed out, 403 otherwise).`;
    case 'owner':
      return (
        `Access: signed in as ${roles(rule.roles)} (401 signed out, 403 otherwise), ` +
        `${OWNED[rule.target]} (403 or 404 otherwise).`
      );
  }
}
