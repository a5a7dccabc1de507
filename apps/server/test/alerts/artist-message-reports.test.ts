import { ARTIST_MESSAGE_HIDDEN_AT_REPORTS, type TNotification } from '@encore/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fan, watch } from '../support/alerts.ts';
import { operatorCommand } from '../support/operator-command.ts';
import { send } from '../support/profile-inputs.ts';
import { member } from '../support/shows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Member = { id: string; cookie: string };

async function centre(f: Member) {
  const response = await send(t.app, 'GET', '/api/notifications', f.cookie);
  return response.json<{ items: TNotification[]; unread: number }>();
}
async function messages(f: Member): Promise<TNotification[]> {
  return (await centre(f)).items.filter((n) => n.kind === 'artist_message');
}
const unread = async (f: Member) => (await centre(f)).unread;
async function report(f: Member, messageId: string, note?: string) {
  const url = `/api/artist-messages/${messageId}/report`;
  const response = await send(t.app, 'POST', url, f.cookie, note ? { note } : {});
  expect(response.statusCode, response.body).toBe(204);
}

describe('reported artist messages', () => {
  it(`hides a message from every fan once ${ARTIST_MESSAGE_HIDDEN_AT_REPORTS} fans reported it, and lists it for operators without a reporter`, async () => {
    const performer = await member(t, 'performer', { artistName: 'Static Parade' });
    const fans: Member[] = [];
    for (let i = 0; i <= ARTIST_MESSAGE_HIDDEN_AT_REPORTS; i++) {
      const f = await fan(t);
      await watch(t, f.cookie, performer.id, ['email']);
      fans.push(f);
    }
    const sent = await send(t.app, 'POST', '/api/artist-messages', performer.cookie, {
      body: 'Send me your card number for a presale',
      audience: 'all',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const { id } = sent.json<{ id: string }>();
    const reader = fans.at(-1) as Member;
    const reporters = fans.slice(0, ARTIST_MESSAGE_HIDDEN_AT_REPORTS);

    // One report short of the mark, every fan still sees it (the reporters too).
    for (const f of reporters.slice(0, -1)) await report(f, id, 'Looks like a scam, says Jo');
    expect((await messages(reader)).map((m) => m.body)).toEqual([
      'Send me your card number for a presale',
    ]);
    expect(await unread(reader)).toBe(1);

    await report(reporters.at(-1) as Member, id);
    for (const f of fans) {
      expect(await messages(f)).toEqual([]);
      expect(await unread(f)).toBe(0);
    }

    const { stdout } = await operatorCommand('message-reports', {
      DATABASE_URL: t.config.databaseUrl ?? '',
    });
    const line = stdout.split('\n').find((l) => l.includes(`id ${id}`)) ?? '';
    expect(line).toMatch(
      new RegExp(
        `^ {2}Static Parade {2}sent \\S+ {2}${ARTIST_MESSAGE_HIDDEN_AT_REPORTS} reports, last \\S+ {2}hidden {2}id ${id}$`,
      ),
    );
    expect(stdout).toContain('    Send me your card number for a presale');
    // Nothing about who reported it: not their ids, emails or names, nor a note's words.
    const { rows } = await t.database.orm.execute<{ id: string; email: string; name: string }>(
      sql`select id, email, name from "user"
        where id = any(${sql.param(reporters.map((f) => f.id))}::text[])`,
    );
    for (const r of rows) {
      for (const value of [r.id, r.email, r.name]) expect(stdout).not.toContain(value);
    }
    expect(stdout).not.toContain('says Jo');
  });
});
