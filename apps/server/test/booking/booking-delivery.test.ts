import { BOOKING_MESSAGES as B } from '@encore/contract';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpEmailSender } from '../../src/adapters/email/smtp-email-sender.ts';
import { buildApp } from '../../src/app.ts';
import type { SessionUser } from '../../src/auth/session-user.ts';
import { AppError } from '../../src/http/app-error.ts';
import {
  type BookingChange,
  type BookingRow,
  createBookingRequestRepo,
} from '../../src/repositories/booking-request.repo.ts';
import { createBookingRequests } from '../../src/services/booking-request.service.ts';
import { createBookingRequestMailer } from '../../src/services/booking-request-mailer.service.ts';
import { freshNight, requestBooking, requested } from '../support/booking.ts';
import { unique } from '../support/factories.ts';
import { startAlertMailServer } from '../support/mail-server.ts';
import { send } from '../support/profile-inputs.ts';
import { member } from '../support/shows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** The app mailing through a server that refuses every recipient, its log lines kept. */
let t: TestApp;
let app: FastifyInstance;
let mail: Awaited<ReturnType<typeof startAlertMailServer>>;
const lines: Array<{ level: number; msg: string; [key: string]: unknown }> = [];

beforeAll(async () => {
  mail = await startAlertMailServer();
  t = await createTestApp();
  app = await buildApp(
    {
      ...t.config,
      logLevel: 'info',
      mail: { smtpUrl: mail.url, from: 'Encore <no-reply@encore.local>', supportEmail: 'h@x.test' },
    },
    t.database,
    { logStream: { write: (line) => lines.push(JSON.parse(line)) } },
  );
});
afterAll(async () => {
  await app?.close();
  await t?.close();
  await mail?.close();
});

describe('mail failures', () => {
  it('leave the request standing and log one line, without the address', async () => {
    const bookingEmail = `booking.${unique()}@refused.example.com`;
    const performer = await member(t, 'performer');
    const venue = await member(t, 'venue', { bookingEmail });
    mail.rejectRecipient(bookingEmail, 550);
    const response = await requestBooking({ ...t, app }, performer, venue.id);
    expect(response.statusCode, response.body).toBe(201);
    const { request } = response.json();
    const failures = lines.filter((l) => l.msg === 'mailing a booking request failed');
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ bookingRequestId: request.id, code: 550 });
    expect(JSON.stringify(lines)).not.toContain(bookingEmail);
    const listed = await send(app, 'GET', '/api/booking-requests', venue.cookie);
    expect(listed.json().requests.map((r: { id: string }) => r.id)).toEqual([request.id]);
  });
});

describe('two holds of one night decided from the same old state', () => {
  it('the held index settles it: one held, the other 409 nightTaken, not 500', async () => {
    const performer = await member(t, 'performer');
    const rival = await member(t, 'performer');
    const venue = await member(t, 'venue');
    const date = freshNight();
    const a = await requested(t, performer, venue.id, { date });
    const b = await requested(t, rival, venue.id, { date });

    // Both plans have checked the night (free for each) before either writes: the interleaving
    // a check-then-write race needs, made certain instead of left to timing.
    const repo = createBookingRequestRepo(t.database.orm);
    let arrived = 0;
    let release: () => void = () => {};
    const bothChecked = new Promise<void>((resolve) => {
      release = resolve;
    });
    const racing: typeof repo = {
      ...repo,
      change: (id, plan) =>
        repo.change(id, async (row: BookingRow | null, night): Promise<BookingChange> => {
          const decided = await plan(row, night);
          arrived += 1;
          if (arrived === 2) release();
          await bothChecked;
          return decided;
        }),
    };
    const quiet = { error: () => {} } as unknown as FastifyBaseLogger;
    const email = createSmtpEmailSender(mail.url, 'Encore <no-reply@encore.local>');
    const mailer = createBookingRequestMailer({
      repo,
      email,
      publicUrl: t.config.publicUrl,
      log: quiet,
    });
    const service = createBookingRequests(racing, mailer);
    const asVenue = { id: venue.id, role: 'venue' } as SessionUser;
    const results = await Promise.allSettled([a, b].map((r) => service.accept(asVenue, r.id)));
    await email.close();
    const held = results.filter((r) => r.status === 'fulfilled');
    const lost = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
    expect(held).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0]).toBeInstanceOf(AppError);
    expect(lost[0]).toMatchObject({ code: 'CONFLICT', message: B.nightTaken });
    const states = await Promise.all([a, b].map(async (r) => (await repo.row(r.id))?.state));
    expect(states.sort()).toEqual(['held', 'pending']);
    // The loser's notice was written in its transaction before the held index refused it: it
    // rolled back with it, so the performer told 'held' is the one holding.
    const { rows } = await t.database.orm.execute<{ user_id: string }>(sql`
      select user_id from booking_notices
      where request_id in (${a.id}, ${b.id}) and kind = 'booking_held'`);
    const winner = (await repo.row(a.id))?.state === 'held' ? a : b;
    expect(rows.map((r) => r.user_id)).toEqual([winner.performerId]);
  });
});
