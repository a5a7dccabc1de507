import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send } from '../support/profile-inputs.ts';
import { announceAs, announceConfirmed, laterStart, member, startShow } from '../support/shows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('GET /robots.txt', () => {
  it('is a robots file, not the app’s HTML: private areas out, the sitemap named', async () => {
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = response.body.split('\n');
    expect(lines).toContain('User-agent: *');
    for (const area of ['/api/', '/settings/', '/dashboard', '/venue-dashboard', '/my-shows']) {
      expect(lines).toContain(`Disallow: ${area}`);
    }
    // What a public page reads to render is allowed, ahead of the /api/ rule that would hide it.
    expect(lines.indexOf('Allow: /api/artists/')).toBeLessThan(lines.indexOf('Disallow: /api/'));
    expect(lines).toContain(`Sitemap: ${t.config.publicUrl}/sitemap.xml`);
    expect(response.body).not.toContain('<');
  });
});

/** The whole document as sitemaps.org 0.9 has it: nothing else can be in it. */
const SITEMAP_DOCUMENT =
  /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">\n(?:<url><loc>[^<>&]+<\/loc><lastmod>\d{4}-\d{2}-\d{2}<\/lastmod><\/url>\n)*<\/urlset>\n$/;

describe('GET /sitemap.xml', () => {
  it('lists the public pages, and no show a stranger may not see', async () => {
    const performer = await member(t, 'performer');
    const venue = await member(t, 'venue');
    const fan = await member(t, 'fan');
    const confirmed = await announceConfirmed(t, performer, venue, {
      startsAtLocal: laterStart(1),
    });
    const pending = await announceAs(t, performer.cookie, {
      performerId: performer.id,
      venueId: venue.id,
      startsAtLocal: laterStart(2),
    });
    const cancelled = await announceConfirmed(t, performer, venue, {
      startsAtLocal: laterStart(3),
    });
    const cancel = await send(t.app, 'POST', `/api/shows/${cancelled.id}/cancel`, performer.cookie);
    expect(cancel.statusCode).toBe(200);
    const past = await announceConfirmed(t, performer, venue, { startsAtLocal: laterStart(4) });
    await startShow(t, past.id);

    const response = await get('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.body).toMatch(SITEMAP_DOCUMENT);
    const locs = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const base = t.config.publicUrl;
    expect(locs).toContain(`${base}/shows/${confirmed.id}`);
    expect(locs).toContain(`${base}/artists/${performer.id}`);
    expect(locs).toContain(`${base}/venues/${venue.id}`);
    for (const hidden of [pending.id, cancelled.id, past.id, fan.id]) {
      expect(locs.filter((loc) => loc?.endsWith(`/${hidden}`))).toEqual([]);
    }
    expect(locs.every((loc) => loc?.startsWith(`${base}/`))).toBe(true);
  });
});
