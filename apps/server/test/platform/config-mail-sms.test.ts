import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { makeTempDir } from '../support/paths.ts';

const base = {
  DATA_DIR: join(makeTempDir('config-mail'), 'data'),
  BETTER_AUTH_SECRET: 's'.repeat(32),
};

describe('mail and SMS configuration', () => {
  it('defaults to files, with the documented addresses', () => {
    const config = loadConfig(base);
    expect(config.mail).toEqual({
      smtpUrl: undefined,
      from: 'Encore <no-reply@encore.local>',
      supportEmail: 'support@encore.local',
    });
    expect(config.sms).toEqual({
      apiUrl: undefined,
      accountSid: undefined,
      authToken: undefined,
      from: undefined,
    });
  });

  it('reads SMTP and a Twilio-compatible provider from the environment', () => {
    const config = loadConfig({
      ...base,
      SMTP_URL: 'smtp://mailer:pw@mail.example.com:587',
      MAIL_FROM: 'Encore <hello@example.com>',
      SUPPORT_EMAIL: 'help@example.com',
      SMS_API_URL: 'https://api.twilio.com',
      SMS_ACCOUNT_SID: 'AC123',
      SMS_AUTH_TOKEN: 'token',
      SMS_FROM: '+15550001111',
    });
    expect(config.mail.smtpUrl).toBe('smtp://mailer:pw@mail.example.com:587');
    expect(config.mail.supportEmail).toBe('help@example.com');
    expect(config.sms).toEqual({
      apiUrl: 'https://api.twilio.com',
      accountSid: 'AC123',
      authToken: 'token',
      from: '+15550001111',
    });
  });

  it('refuses a provider URL without its credentials and number', () => {
    expect(() => loadConfig({ ...base, SMS_API_URL: 'https://api.twilio.com' })).toThrow(
      /SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and SMS_FROM/,
    );
  });

  it('never echoes the SMS token or the SMTP URL (it can hold a password) in errors', () => {
    expect(() => loadConfig({ ...base, SMS_API_URL: 'not a url' })).toThrow(
      /SMS_API_URL="not a url"/,
    );
    expect(() =>
      loadConfig({ ...base, SMTP_URL: 'smtp://u:secret@h', SMS_API_URL: 'x' }),
    ).not.toThrow(/secret/);
  });
});
