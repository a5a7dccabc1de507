import {
  SHOW_MESSAGES as S,
  type TShow,
  type TShowInput,
  type TShowUpdate,
  ZShowInput,
  ZShowUpdate,
  z,
} from '@encore/contract';
import { type ActDraft, actInput, MAX_SUPPORTING_ACTS } from './act-draft';
import { isFutureLocal, toLocalInput } from './format-show';

/** Everything the announce and edit forms hold, as typed (prices are text until parsed). */
export interface ShowFormValues {
  performerId: string;
  venueId: string;
  externalVenueOn: boolean;
  externalVenue: {
    name: string;
    streetAddress: string;
    city: string;
    state: string;
    zipCode: string;
  };
  startsAtLocal: string;
  ticketUrl: string;
  priceMin: string;
  priceMax: string;
  onSaleAtLocal: string;
  supportingActs: ActDraft[];
  /** '' = from the artist. */
  genre: string;
  /** '' = leave as is (a postponed show). */
  status: '' | 'announced' | 'on_sale';
}

/** Fields a server message may name, as the form names them. */
export const SHOW_FORM_FIELDS = [
  'performerId',
  'venueId',
  'externalVenue.name',
  'externalVenue.streetAddress',
  'externalVenue.city',
  'externalVenue.state',
  'externalVenue.zipCode',
  'startsAtLocal',
  'ticketUrl',
  'priceMin',
  'priceMax',
  'onSaleAtLocal',
  // An act's own message goes under that act; these come before the list's own name so they win.
  ...(Array.from(
    { length: MAX_SUPPORTING_ACTS },
    (_, i) => `supportingActs.${i}`,
  ) as `supportingActs.${number}`[]),
  'supportingActs',
  'genre',
  'status',
] as const;
export type ShowFormField = (typeof SHOW_FORM_FIELDS)[number];

const ZValues = z.custom<ShowFormValues>();

const price = (text: string) => (text.trim() === '' ? null : Number(text));
const orNull = (text: string) => (text.trim() === '' ? null : text);

export function announceDefaults(who: { role: 'performer' | 'venue'; id: string }): ShowFormValues {
  return {
    performerId: who.role === 'performer' ? who.id : '',
    venueId: who.role === 'venue' ? who.id : '',
    externalVenueOn: false,
    externalVenue: { name: '', streetAddress: '', city: '', state: '', zipCode: '' },
    startsAtLocal: '',
    ticketUrl: '',
    priceMin: '',
    priceMax: '',
    onSaleAtLocal: '',
    supportingActs: [],
    genre: '',
    status: 'announced',
  };
}

export function editDefaults(show: TShow): ShowFormValues {
  const local = (iso: string | null) => (iso ? toLocalInput(iso, show.timeZone) : '');
  return {
    ...announceDefaults({ role: 'performer', id: show.performer.id }),
    venueId: show.venue.id ?? '',
    startsAtLocal: local(show.startsAt),
    ticketUrl: show.ticketUrl ?? '',
    priceMin: show.priceMin === null ? '' : String(show.priceMin),
    priceMax: show.priceMax === null ? '' : String(show.priceMax),
    onSaleAtLocal: local(show.onSaleAt),
    supportingActs: show.supportingActs.map((act) => ({
      performerId: act.performerId,
      name: act.name,
      detail: '',
      state: act.confirmation,
    })),
    genre: show.genre,
    status: show.status === 'announced' || show.status === 'on_sale' ? show.status : '',
  };
}

/** The request as typed; the contract schema decides whether it is valid. */
function toShowInput(v: ShowFormValues) {
  return {
    performerId: v.performerId,
    venueId: v.externalVenueOn ? null : orNull(v.venueId),
    externalVenue: v.externalVenueOn ? v.externalVenue : null,
    startsAtLocal: v.startsAtLocal,
    ticketUrl: v.ticketUrl,
    priceMin: price(v.priceMin),
    priceMax: price(v.priceMax),
    onSaleAtLocal: orNull(v.onSaleAtLocal),
    supportingActs: v.supportingActs.map(actInput),
    genre: orNull(v.genre),
  };
}

type Ctx = z.core.$RefinementCtx<ShowFormValues>;

function checkFuture(local: string, ctx: Ctx, path: string) {
  if (!isFutureLocal(local))
    ctx.addIssue({ code: 'custom', message: S.dateInFuture, path: [path] });
}

function copyIssues(error: z.ZodError, ctx: Ctx) {
  for (const issue of error.issues) {
    ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path.map(String) });
  }
}

/**
 * The contract's cross-field rules, also checked here because its refinements only run once
 * every other field is valid: the form should say everything that is wrong at once.
 */
function checkOrder(input: ReturnType<typeof toShowInput>, ctx: Ctx) {
  const { priceMin: min, priceMax: max, onSaleAtLocal: onSale } = input;
  if (min !== null && max !== null && min >= 0 && max < min) {
    ctx.addIssue({ code: 'custom', message: S.priceOrder, path: ['priceMax'] });
  }
  if (onSale && input.startsAtLocal && onSale >= input.startsAtLocal) {
    ctx.addIssue({ code: 'custom', message: S.onSaleBeforeShow, path: ['onSaleAtLocal'] });
  }
}

/** The announce form's rules: the contract's ZShowInput plus "in the future" on this device. */
export const ZAnnounceForm = ZValues.transform((values, ctx): TShowInput => {
  checkFuture(values.startsAtLocal, ctx, 'startsAtLocal');
  const input = toShowInput(values);
  const parsed = ZShowInput.safeParse(input);
  if (!parsed.success) {
    checkOrder(input, ctx);
    copyIssues(parsed.error, ctx);
    return z.NEVER;
  }
  return parsed.data;
});

/**
 * The edit form's rules: ZShowUpdate, plus the cross-field rules it leaves to the server;
 * "in the future" only when the date was changed.
 */
export function editFormSchema(original: ShowFormValues) {
  return ZValues.transform((values, ctx): TShowUpdate => {
    if (values.startsAtLocal !== original.startsAtLocal) {
      checkFuture(values.startsAtLocal, ctx, 'startsAtLocal');
    }
    const input = toShowInput(values);
    const patch = {
      startsAtLocal: input.startsAtLocal,
      ticketUrl: input.ticketUrl,
      priceMin: input.priceMin,
      priceMax: input.priceMax,
      onSaleAtLocal: input.onSaleAtLocal,
      supportingActs: input.supportingActs,
      ...(input.genre ? { genre: input.genre } : {}),
      ...(values.status ? { status: values.status } : {}),
    };
    const parsed = ZShowUpdate.safeParse(patch);
    if (!parsed.success) copyIssues(parsed.error, ctx);
    checkOrder(input, ctx);
    return parsed.success ? parsed.data : z.NEVER;
  });
}
