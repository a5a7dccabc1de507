import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISPATCH_DEFAULTS, startDispatchLoop } from '../../src/alerts/dispatch-loop.ts';
import { matchEvent } from '../../src/alerts/match-event.ts';
import { createOutbox } from '../../src/alerts/outbox.ts';
import { deliveries, eventOf, fan, subscribePush, watch } from '../support/alerts.ts';
import { operatorCommand } from '../support/operator-command.ts';
import { makeTempDir } from '../support/paths.ts';
import { send } from '../support/profile-inputs.ts';
import { eventually, recordingSender } from '../support/recording-sender.ts';
import { announceConfirmed, member } from '../support/shows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const status = (env: Record<string, string>) => operatorCommand('alerts-status', env);

describe('npm run alerts:status', () => {
  it('prints counts by channel and state, the oldest pending age and the last failures', async () => {
    const performer = await member(t, 'performer', { artistName: 'Night Static' });
    const venue = await member(t, 'venue', { zipCode: '60601' });
    const watchers = [await fan(t), await fan(t)];
    for (const w of watchers) {
      await watch(t, w.cookie, performer.id, ['email', 'push']);
      await subscribePush(t, w.id);
    }
    const show = await announceConfirmed(t, performer, venue, {
      genre: 'Rock',
    });
    const eventId = await eventOf(t, show.id, 'announced');
    await matchEvent(t.database.orm, eventId);
    // Email fails for good; push stays pending.
    const { sender } = recordingSender('email', () => 'failed');
    const loop = startDispatchLoop(
      createOutbox(t.database.orm, t.config.publicUrl),
      sender,
      t.app.log,
      { ...DISPATCH_DEFAULTS, baseDelayMs: 100, maxDelayMs: 100, leaseMs: 60_000, pollMs: 50 },
    );
    await eventually(async () =>
      (await deliveries(t, eventId)).every((r) => r.channel !== 'email' || r.state === 'failed'),
    );
    await loop.stop();

    const { stdout } = await status({ DATABASE_URL: t.config.databaseUrl ?? '' });
    expect(stdout).toMatch(/^ {2}channel +pending +sent +failed$/m);
    expect(stdout).toMatch(/^ {2}in_app +0 +2 +0$/m);
    expect(stdout).toMatch(/^ {2}email +0 +0 +2$/m);
    expect(stdout).toMatch(/^ {2}push +2 +0 +0$/m);
    expect(stdout).toMatch(/^Oldest pending delivery: \d+ s old$/m);
    expect(stdout).toContain('Last failures (newest first):');
    expect(stdout.match(/ email +\S+@example\.com +provider said failed \(#1\)$/gm)).toHaveLength(
      2,
    );
  });

  it('counts the artist messages’ outbox by channel and state, with its oldest pending row', async () => {
    const performer = await member(t, 'performer', { artistName: 'Quiet Static' });
    for (const w of [await fan(t), await fan(t)]) {
      await watch(t, w.cookie, performer.id, ['email']);
    }
    const sent = await send(t.app, 'POST', '/api/artist-messages', performer.cookie, {
      body: 'New date in Chicago',
      audience: 'all',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const { stdout } = await status({ DATABASE_URL: t.config.databaseUrl ?? '' });
    const messages = stdout.slice(
      stdout.indexOf('Artist message deliveries by channel and state:'),
    );
    // In-app rows are written sent (the centre is the delivery); emails wait for their loop.
    expect(messages).toMatch(/^ {2}in_app +0 +2 +0$/m);
    expect(messages).toMatch(/^ {2}email +2 +0 +0$/m);
    expect(messages).toMatch(/^Oldest pending artist message delivery: \d+ s old$/m);
  });

  it('says what to do when no Encore is running and no DATABASE_URL is set', async () => {
    const dataDir = makeTempDir('alerts-status');
    const failed = await status({ DATA_DIR: dataDir })
      .catch((error: { stderr: string; code: number }) => error)
      .finally(() => rmSync(dataDir, { recursive: true, force: true }));
    expect(failed).toMatchObject({ code: 1 });
    expect((failed as { stderr: string }).stderr).toContain(
      `No alert status: no running Encore in ${dataDir} (start it with npm start, or set DATABASE_URL)`,
    );
  });
});
