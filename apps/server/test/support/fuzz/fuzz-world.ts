import type { TRole } from '@encore/contract';
import { PASSWORD, signUpInput } from '../factories.ts';
import { fanInput, performerInput, send, venueInput } from '../profile-inputs.ts';
import { announceAs, member, showInput } from '../shows.ts';
import type { TestApp } from '../test-app.ts';

export type Identity = 'anonymous' | TRole;
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

  /** A new member of the role with a profile; a performer also gets a show at the venue. */
  private async replace(role: TRole): Promise<void> {
    const created = await member(this.t, role);
    this.cookies.set(role, created.cookie);
    this.ids.set(role, created.id);
    this.addIds(role, created.id);
    if (role === 'fan') await this.readyFan(created.cookie);
    const performer = this.ids.get('performer');
    const venue = this.ids.get('venue');
    if ((role === 'performer' || role === 'venue') && performer && venue) {
      const cookie = this.cookies.get('performer') ?? '';
      const show = await announceAs(this.t, cookie, { performerId: performer, venueId: venue });
      this.addExample('id', show.id);
    }
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
    for (const field of ['password', 'currentPassword', 'newPassword', 'confirmPassword']) {
      this.addExample(field, PASSWORD);
    }
    this.addExample('externalVenue', {
      name: 'The Back Room',
      streetAddress: '12 Side Street',
      city: 'Austin',
      state: 'TX',
      zipCode: '78701',
    });
    this.addExample('venueId', null);
  }
}
