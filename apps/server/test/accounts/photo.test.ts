import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PHOTO_MAX_BYTES } from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/factories.ts';
import { makeTempDir } from '../support/paths.ts';
import { saveProfile, send } from '../support/profile-inputs.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let uploadsDir: string;
beforeAll(async () => {
  const dataDir = makeTempDir('photo-test');
  uploadsDir = join(dataDir, 'uploads');
  t = await createTestApp({ dataDir });
});
afterAll(() => t.close());

/** Just the signatures plus a few bytes: the server sniffs, it does not decode. */
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d]);

function upload(cookie: string | undefined, data: Buffer, contentType = 'image/jpeg', extra = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/profile/photo',
    headers: { 'content-type': contentType, ...(cookie ? { cookie } : {}), ...extra },
    payload: data,
  });
}

const uploaded = () => (existsSync(uploadsDir) ? readdirSync(uploadsDir) : []);

describe('POST /api/profile/photo', () => {
  it('accepts a JPEG before the profile exists, and the profile shows it after setup', async () => {
    const { cookie } = await createUser(t.app, { role: 'performer' });
    const response = await upload(cookie, JPEG);
    expect(response.statusCode).toBe(200);
    const { photoUrl } = response.json();
    expect(photoUrl).toMatch(/^\/uploads\/[a-f0-9]{64}\.jpg$/);

    const saved = await saveProfile(t.app, 'performer', cookie);
    expect(saved.json().profile.photoUrl).toBe(photoUrl);
  });

  it('accepts a PNG, whatever the header claims, and names it by its real type', async () => {
    const { cookie } = await createUser(t.app);
    const response = await upload(cookie, PNG, 'image/jpeg');
    expect(response.statusCode).toBe(200);
    expect(response.json().photoUrl).toMatch(/\.png$/);
  });

  it('refuses a text file sent as image/png (400 INVALID_FILE_TYPE)', async () => {
    const { cookie } = await createUser(t.app);
    const response = await upload(
      cookie,
      Buffer.from('just some text, named photo.png'),
      'image/png',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'INVALID_FILE_TYPE',
      message: 'Please select an image file (JPG or PNG)',
    });
  });

  it('refuses a non-image content type with the same message', async () => {
    const { cookie } = await createUser(t.app);
    const response = await upload(cookie, Buffer.from('hello'), 'text/plain');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('INVALID_FILE_TYPE');
  });

  it.each([
    ['6 MB (refused by the body limit)', 6 * 1024 * 1024],
    ['one byte over 5 MB', PHOTO_MAX_BYTES + 1],
  ])('refuses %s with 413 FILE_TOO_LARGE', async (_name, size) => {
    const { cookie } = await createUser(t.app);
    const big = Buffer.alloc(size);
    JPEG.copy(big);
    const response = await upload(cookie, big);
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toEqual({
      code: 'FILE_TOO_LARGE',
      message: 'Image must be less than 5MB',
    });
  });

  it.each([
    ['empty', Buffer.alloc(0)],
    ['cut off inside the signature', PNG.subarray(0, 4)],
  ])('answers 400 UPLOAD_FAILED for a %s body', async (_name, data) => {
    const { cookie } = await createUser(t.app);
    const response = await upload(cookie, data);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'UPLOAD_FAILED',
      message: 'Failed to process image',
    });
  });

  it('needs a session (401) and keeps the CSRF origin check (403)', async () => {
    expect((await upload(undefined, JPEG)).statusCode).toBe(401);
    const { cookie } = await createUser(t.app);
    const crossSite = await upload(cookie, JPEG, 'image/jpeg', { origin: 'https://evil.example' });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json().error.code).toBe('CSRF_REJECTED');
    const sameSite = await upload(cookie, JPEG, 'image/jpeg', { origin: TEST_ORIGIN });
    expect(sameSite.statusCode).toBe(200);
  });

  it('is the only route that takes an image body', async () => {
    const { cookie } = await createUser(t.app, { role: 'fan' });
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/profile/fan',
      headers: { cookie, 'content-type': 'image/png' },
      payload: PNG,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('BAD_REQUEST');
  });

  it('deletes the replaced file, and DELETE removes the photo', async () => {
    const { user, cookie } = await createUser(t.app);
    const first = (await upload(cookie, JPEG)).json().photoUrl as string;
    const firstFile = first.split('/').pop() as string;
    expect(uploaded()).toContain(firstFile);

    const second = (await upload(cookie, PNG)).json().photoUrl as string;
    expect(uploaded()).not.toContain(firstFile);
    expect(uploaded()).toContain(second.split('/').pop());

    expect((await send(t.app, 'DELETE', '/api/profile/photo', cookie)).statusCode).toBe(204);
    expect(uploaded()).not.toContain(second.split('/').pop());
    const { rows } = await t.database.pool.query('select image from "user" where id = $1', [
      user.id,
    ]);
    expect(rows[0].image).toBeNull();
  });

  it('names every upload anew: the same photo again gets a new URL, and the old one is gone', async () => {
    // Second security probe: a URL is never handed out twice, nor computed from the image (random names).
    const { cookie } = await createUser(t.app);
    const once = (await upload(cookie, JPEG)).json().photoUrl;
    const twice = (await upload(cookie, JPEG)).json().photoUrl;
    expect(twice).not.toBe(once);
    expect(twice).toMatch(/^\/uploads\/[a-f0-9]{64}\.jpg$/);
    expect((await get(once)).statusCode).toBe(404);
    expect((await get(twice)).statusCode).toBe(200);
  });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('GET /uploads/<name>', () => {
  it('serves the photo with its type, revalidated on every use behind a strong ETag', async () => {
    const { cookie } = await createUser(t.app);
    const url = (await upload(cookie, PNG, 'image/png')).json().photoUrl;
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    // Second security probe: a year of immutable caching kept a deleted photo on CDNs; now every cache asks.
    expect(response.headers['cache-control']).toBe('public, no-cache');
    expect(response.headers.etag).toMatch(/^"[\w.-]+"$/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    // Its own policy, not the app's: a file opened directly can run nothing (SVG is not accepted).
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(response.rawPayload.equals(PNG)).toBe(true);
  });

  it('still serves a photo stored under a content-hash name (URLs from before uploads got random names)', async () => {
    const key = `${createHash('sha256').update('an older upload').digest('hex')}.png`;
    mkdirSync(uploadsDir, { recursive: true });
    writeFileSync(join(uploadsDir, key), PNG);
    const response = await get(`/uploads/${key}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers.etag).toBe(`"${key}"`);
    expect(response.rawPayload.equals(PNG)).toBe(true);
  });

  it('answers a revalidation with its ETag 304, without the bytes', async () => {
    const { cookie } = await createUser(t.app);
    const url = (await upload(cookie, JPEG)).json().photoUrl;
    const etag = (await get(url)).headers.etag as string;
    const again = await get(url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe('public, no-cache');
    const changed = await get(url, { 'if-none-match': '"something-else"' });
    expect(changed.statusCode).toBe(200);
  });

  it('a deleted photo answers 404 that no cache keeps, even to a revalidation', async () => {
    const { cookie } = await createUser(t.app);
    const url = (await upload(cookie, JPEG)).json().photoUrl;
    const etag = (await get(url)).headers.etag as string;
    expect((await send(t.app, 'DELETE', '/api/profile/photo', cookie)).statusCode).toBe(204);
    const plain: Record<string, string> = {};
    for (const headers of [plain, { 'if-none-match': etag }]) {
      const gone = await get(url, headers);
      expect(gone.statusCode).toBe(404);
      expect(gone.headers['cache-control']).toBe('no-store');
      expect(gone.headers.etag).toBeUndefined();
    }
  });

  it.each([
    `/uploads/${'0'.repeat(64)}.jpg`,
    '/uploads/../auth-secret',
    '/uploads/not-a-key.png',
    '/uploads/',
  ])('answers 404 for %s', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });
});
