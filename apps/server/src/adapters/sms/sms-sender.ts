import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import { createFileSmsSender } from './file-sms-sender.ts';
import { createTwilioSmsSender } from './twilio-sms-sender.ts';

export type SmsSendOptions = {
  /**
   * The same on every attempt at one message: sent as the `Idempotency-Key` header, so a
   * provider that honours it creates the message once however often it is re-sent.
   */
  idempotencyKey?: string;
  /** Gives up on the request, as its timeout does (the provider may still create the message). */
  signal?: AbortSignal;
};

/** `to` in E.164 (+15551234567). Rejects when the provider did not accept the message. */
export type SmsSender = { send(to: string, body: string, options?: SmsSendOptions): Promise<void> };

/** The Twilio-compatible API when SMS_API_URL is set; otherwise JSON files under DATA_DIR/sms. */
export function createSmsSender(config: AppConfig, log: FastifyBaseLogger): SmsSender {
  const { apiUrl, accountSid, authToken, from } = config.sms;
  if (!apiUrl) return createFileSmsSender(`${config.dataDir}/sms`, from, log);
  if (!accountSid || !authToken || !from) {
    // Failing at start-up beats discovering it when the first user asks for a code.
    throw new Error(
      'SMS_API_URL is set, so SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and SMS_FROM are needed',
    );
  }
  return createTwilioSmsSender({ apiUrl, accountSid, authToken, from });
}
