import type { TRole } from '@encore/contract';
import { PASSWORD, signUpInput } from '../factories.ts';
import { fanInput, performerInput, send, venueInput } from '../profile-inputs.ts';
import { announceAs, member, showInput } from '../shows.ts';
import type { TestApp } from '../test-app.ts';
import { WHOLE_BODY } from './schema-arbitrary.ts';
import { seedPlannableVenues, TOUR_PLAN_EXAMPLES } from './tour-plans.ts';

export type Identity = 'anonymous' | TRole;

type Owner = TRole | 'announcements';

/** Enough ids to pick from; beyond this, new ones are not worth the dilution. */
const MAX_IDS = 40;

const EXTERNAL_VENUE = {
  name: 'The Back Room',
  streetAddress: '12 Side Street',
  city: 'Austin',
  state: 'TX' as const,
  zipCode: '78701',
};
export const IDENTITIES: readonly Identity[] = ['anonymous', 'fan', 'performer', 'venue'];
const ROLES: readonly TRole[] = ['fan', 'performer', 'venue'];

/**
 * What the fuzzer signs in as and points at: one member per role (with a profile), a second
 * performer and venue whose show is someone else's, and the ids and tokens that exist. Requests
 * may sign a member out or delete it (logout, account deletion, a password change): `ensure`
 * replaces it, so the next request still has a session.
 */
export class FuzzWorld {
  private readonly cookies = new Map<TRole, string>();
  private readonly ids = new Map<TRole, string>();
  private readonly owned = new Map<Owner, Array<[string, unknown]>>();
  /** By field name; arrays are shared with the arbitraries' examples and kept up to date. */
  readonly examples = new Map<string, unknown[]>();

  private constructor(
    private readonly t: TestApp,
    private readonly readyFan: (cookie: string) => Promise<void>,
  ) {}

  /**
   * `readyFan` brings the fan back to the state the routes need (e.g. connected to Spotify, so
   * those routes go deeper): when it is created and after each change it makes.
   */
  static async create(
    t: TestApp,
    readyFan: (cookie: string) => Promise<void> = async () => {},
  ): Promise<FuzzWorld> {
    const world = new FuzzWorld(t, readyFan);
    world.seedExamples();
    for (const role of ROLES) await world.replace(role);
    // Someone else's show, for owner checks.
    const otherPerformer = await member(t, 'performer');
    const otherVenue = await member(t, 'venue');
    world.addIds('performer', otherPerformer.id);
    world.addIds('venue', otherVenue.id);
    const show = await announceAs(t, otherPerformer.cookie, {
      performerId: otherPerformer.id,
      venueId: otherVenue.id,
    });
    world.addExample('id', show.id);
    await seedPlannableVenues(t.database.orm);
    const feed = await send(t.app, 'POST', '/api/fan/calendar-feed', world.cookie('fan'));
    const url = feed.json<{ url?: string }>().url ?? '';
    world.addExample(
      'token',
      url
        .split('/')
        .pop()
        ?.replace(/\.ics$/, '') ?? '',
    );
    return world;
  }

  cookie(identity: Identity): string | undefined {
    return identity === 'anonymous' ? undefined : this.cookies.get(identity);
  }

  /**
   * After a change a member made: a new member when the change ended its session (logout,
   * account deletion, a password change), else the fan made ready again.
   */
  async ensure(identity: Identity): Promise<void> {
    if (identity === 'anonymous') return;
    const cookie = this.cookie(identity);
    const session = await send(this.t.app, 'GET', '/api/account/session', cookie);
    if (session.json<{ user: unknown }>().user === null) await this.replace(identity);
    else if (identity === 'fan' && cookie) await this.readyFan(cookie);
  }

  /** Ids in a successful answer (`{ show: { id } }`, `{ id }`) become path ids to try. */
  learnIds(body: unknown): void {
    if (typeof body !== 'object' || body === null) return;
    for (const value of [body, ...Object.values(body)]) {
      const id = (value as { id?: unknown } | null)?.id;
      if (typeof id === 'string' && (this.examples.get('id')?.length ?? 0) < MAX_IDS) {
        this.addExample('id', id);
      }
    }
  }

  /**
   * A new member of the role with a profile, in place of the last one (whose ids and bodies stop
   * being examples: a pool full of dead ids would starve the routes of valid requests). The
   * performer and the venue get a show together, and the performer's valid announcements.
   */
  private async replace(role: TRole): Promise<void> {
    this.forget(role);
    const created = await member(this.t, role);
    this.cookies.set(role, created.cookie);
    this.ids.set(role, created.id);
    this.own(role, 'id', created.id);
    if (role === 'performer') this.own(role, 'performerId', created.id);
    if (role === 'venue') this.own(role, 'venueId', created.id);
    if (role === 'fan') await this.readyFan(created.cookie);
    const performerId = this.ids.get('performer');
    const venueId = this.ids.get('venue');
    if (role === 'fan' || !performerId || !venueId) return;
    this.forget('announcements');
    const cookie = this.cookies.get('performer') ?? '';
    const show = await announceAs(this.t, cookie, { performerId, venueId });
    this.own('announcements', 'id', show.id);
    this.own('announcements', WHOLE_BODY, showInput({ performerId, venueId }));
    this.own(
      'announcements',
      WHOLE_BODY,
      showInput({ performerId, externalVenue: EXTERNAL_VENUE }),
    );
  }

  /** An example that lasts as long as its owner (a member, or the announcements of the pair). */
  private own(owner: Owner, field: string, value: unknown): void {
    this.addExample(field, value);
    this.owned.set(owner, [...(this.owned.get(owner) ?? []), [field, value]]);
  }

  private forget(owner: Owner): void {
    for (const [field, value] of this.owned.get(owner) ?? []) {
      const list = this.examples.get(field) ?? [];
      const index = list.indexOf(value);
      if (index >= 0) list.splice(index, 1);
    }
    this.owned.delete(owner);
  }

  private addIds(role: TRole, id: string): void {
    this.addExample('id', id);
    if (role === 'performer') this.addExample('performerId', id);
    if (role === 'venue') this.addExample('venueId', id);
  }

  private addExample(field: string, value: unknown): void {
    const list = this.examples.get(field) ?? [];
    if (!list.includes(value)) list.push(value);
    this.examples.set(field, list);
  }

  /** Every field of the factories' valid inputs, so generated bodies pass the refinements too. */
  private seedExamples(): void {
    const { externalVenue: _ignored, ...show } = showInput();
    const inputs: Record<string, unknown>[] = [
      signUpInput(),
      fanInput(),
      performerInput(),
      venueInput(),
      show,
    ];
    for (const input of inputs) {
      for (const [field, value] of Object.entries(input)) this.addExample(field, value);
    }
    for (const body of [signUpInput(), fanInput(), performerInput(), venueInput()]) {
      this.addExample(WHOLE_BODY, body);
    }
    for (const field of ['password', 'currentPassword', 'newPassword', 'confirmPassword']) {
      this.addExample(field, PASSWORD);
    }
    this.addExample('externalVenue', EXTERNAL_VENUE);
    for (const [field, value] of TOUR_PLAN_EXAMPLES) this.addExample(field, value);
    this.addExample('venueId', null);
  }
}
