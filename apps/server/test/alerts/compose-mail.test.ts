import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import addressparser from 'nodemailer/lib/addressparser';
import { encodeWords, foldLines } from 'nodemailer/lib/mime-funcs';
import { encode as qpEncode, wrap as qpWrap } from 'nodemailer/lib/qp';
import { describe, expect, it } from 'vitest';
import { composeMail } from '../../src/adapters/email/compose-mail.ts';

/** Header lines unfolded, RFC 2047 base64 words decoded: what a mail client shows. */
function header(raw: string, name: string): string {
  const head = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  const line = head.split('\r\n').find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return (line ?? '')
    .slice(name.length + 1)
    .trim()
    .replace(/\?= =\?/g, '?==?')
    .replace(/=\?UTF-8\?B\?([^?]*)\?=/gi, (_, b64: string) =>
      Buffer.from(b64, 'base64').toString('utf8'),
    );
}

describe('composeMail (bulk alert mail, composed without nodemailer)', () => {
  const subject = 'Beyoncé — Sigur Rós and Mötley Crüe announced a show at the Ritz, Brooklyn, NY';
  const { raw, envelope } = composeMail(
    'Encore Alerts ✓ <alerts@encore.test>',
    {
      to: 'fan@example.com',
      subject,
      text: 'Line one\nLine two é\n',
      html: '<p>é</p>',
      messageId: '<alert-7@encore.test>',
      headers: { 'List-Unsubscribe': '<http://localhost:3000/api/unsubscribe/t>' },
    },
    'encore.test',
  );
  const text = raw.toString('utf8');

  it('writes headers mail clients read back as given, non-ASCII in encoded words, folded', () => {
    expect(header(text, 'Subject')).toBe(subject);
    expect(header(text, 'From')).toBe('Encore Alerts ✓ <alerts@encore.test>');
    expect(header(text, 'To')).toBe('fan@example.com');
    expect(header(text, 'Message-ID')).toBe('<alert-7@encore.test>');
    expect(header(text, 'List-Unsubscribe')).toBe('<http://localhost:3000/api/unsubscribe/t>');
    expect(header(text, 'Date')).toMatch(/^\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} \+0000$/);
    expect(envelope).toEqual({ from: 'alerts@encore.test', to: ['fan@example.com'] });
  });

  it('is 7-bit with CRLF line ends and no line over 78 characters', () => {
    const sevenBit = (c: string) =>
      c === '\t' || c === '\r' || c === '\n' || (c >= ' ' && c <= '~');
    expect([...text].filter((c) => !sevenBit(c))).toEqual([]);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of text.split('\r\n')) expect(line.length).toBeLessThanOrEqual(78);
  });

  it('holds the text and HTML alternatives in that order, each quoted-printable UTF-8', () => {
    const boundary = /boundary="([^"]+)"/.exec(text)?.[1] ?? '';
    const parts = text.split(`--${boundary}`);
    expect(parts).toHaveLength(4);
    expect(parts[1]).toContain('Content-Type: text/plain; charset=utf-8');
    expect(parts[1]).toContain('Line one\r\nLine two =C3=A9');
    expect(parts[2]).toContain('Content-Type: text/html; charset=utf-8');
    expect(parts[2]).toContain('<p>=C3=A9</p>');
    expect(parts[3]).toBe('--\r\n');
  });
});

/**
 * composeMail uses nodemailer's undocumented lib/* modules (kept for exact RFC 2047 and
 * quoted-printable output without MailComposer's per-message cost). They carry no semver
 * promise, so nodemailer is pinned exactly and this pins the behaviour we rely on: an upgrade
 * must change the pin here on purpose and pass these, or composeMail moves off them.
 */
describe("nodemailer's private modules, as composeMail relies on them", () => {
  it('is the exact version apps/server/package.json pins, no range', () => {
    const manifest = JSON.parse(
      readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
    ) as { dependencies: Record<string, string> };
    const installed = createRequire(import.meta.url)('nodemailer/package.json') as {
      version: string;
    };
    expect(manifest.dependencies.nodemailer).toBe('10.6.0');
    expect(installed.version).toBe('10.6.0');
  });

  it('addressparser flattens a From into name and address', () => {
    expect(addressparser('Encore Alerts ✓ <alerts@encore.test>', { flatten: true })).toEqual([
      { address: 'alerts@encore.test', name: 'Encore Alerts ✓' },
    ]);
    expect(addressparser('alerts@encore.test', { flatten: true })).toEqual([
      { address: 'alerts@encore.test', name: '' },
    ]);
  });

  it('encodeWords leaves ASCII alone and splits non-ASCII into B words of at most 52', () => {
    expect(encodeWords('plain ascii', 'B', 52)).toBe('plain ascii');
    expect(encodeWords('Beyoncé — Sigur Rós and Mötley Crüe announced a show', 'B', 52)).toBe(
      '=?UTF-8?B?QmV5b25jw6kg4oCUIFNpZ3VyIFLDs3MgYW5kIE0=?= =?UTF-8?B?w7Z0bGV5IENyw7xl?= announced a show',
    );
  });

  it('foldLines folds a header at whitespace before 76 characters, CRLF and a space', () => {
    expect(foldLines(`Subject: ${'word '.repeat(20).trim()}`, 76)).toBe(
      `Subject: ${'word '.repeat(13).trim()}\r\n ${'word '.repeat(7).trim()}`,
    );
  });

  it('qp encode and wrap give 7-bit lines of at most 76, soft breaks with "="', () => {
    const eee = '=C3=A9'.repeat(12);
    expect(qpWrap(qpEncode(`${'é'.repeat(40)}\r\nend`), 76)).toBe(
      `${eee}=\r\n${eee}=\r\n${eee}=\r\n${'=C3=A9'.repeat(4)}\r\nend`,
    );
  });
});
