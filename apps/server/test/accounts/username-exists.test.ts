import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, unique } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const check = (query: string) =>
  t.app.inject({ method: 'GET', url: `/api/account/username-exists?${query}` });

describe('GET /api/account/username-exists', () => {
  it('finds a taken username in any case', async () => {
    const { input } = await createUser(t.app, { username: `Case_${unique()}` });
    for (const variant of [
      input.username,
      input.username.toUpperCase(),
      input.username.toLowerCase(),
    ]) {
      const response = await check(`username_to_check=${encodeURIComponent(variant)}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ exists: true });
    }
  });

  it('answers false for a free username', async () => {
    const response = await check(`username_to_check=free_${unique()}`);
    expect(response.json()).toEqual({ exists: false });
  });

  it.each([
    ['a missing parameter', '', 'username_to_check'],
    ['an empty parameter', 'username_to_check=', 'username_to_check'],
    ['an unknown parameter', 'username_to_check=abc&x=1', 'x'],
    ['a repeated parameter', 'username_to_check=a&username_to_check=b', 'username_to_check'],
  ])('answers 400 for %s', async (_case, query, field) => {
    const response = await check(query);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_FAILED');
    expect(response.json().error.fields).toHaveProperty(field);
  });
});
