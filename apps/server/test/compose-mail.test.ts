import { describe, expect, it } from 'vitest';
import { composeMail } from '../src/adapters/email/compose-mail.ts';

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
