import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TEXT_MESSAGES, zMultiLineText, zSingleLineText } from './text-fields.ts';

const C0 = Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(code));
const DEL = '\u007f';

function messages(schema: z.ZodType, value: string): string[] {
  return schema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];
}

describe('single-line text', () => {
  it.each([...C0, DEL].map((char) => [char.charCodeAt(0).toString(16), char]))(
    'refuses U+%s anywhere in the text, with its own message',
    (_code, char) => {
      expect(messages(zSingleLineText(), `Night${char}Owls`)).toEqual([
        TEXT_MESSAGES.controlCharacters,
      ]);
      expect(messages(zSingleLineText().trim().min(2), char)).toContain(
        TEXT_MESSAGES.controlCharacters,
      );
    },
  );

  it('takes any other text: accents, emoji, right-to-left, non-breaking spaces', () => {
    for (const text of ['Beyoncé', 'Sigur Rós 🎸', 'فيروز', 'a\u00a0b', '‘quoted’', '']) {
      expect(zSingleLineText().parse(text)).toBe(text);
    }
  });

  it('keeps a string format’s own check (a URL must still be a URL)', () => {
    const url = zSingleLineText(z.url());
    expect(url.safeParse('https://example.com/a').success).toBe(true);
    expect(url.safeParse('not a url').success).toBe(false);
    expect(messages(url, 'https://example.com/\u0000')).toContain(TEXT_MESSAGES.controlCharacters);
  });
});

describe('multi-line text', () => {
  it('takes tabs and line breaks', () => {
    const text = 'Line one\n\tindented\r\nline three';
    expect(zMultiLineText().parse(text)).toBe(text);
  });

  it.each(
    [...C0, DEL]
      .filter((char) => !'\t\n\r'.includes(char))
      .map((char) => [char.charCodeAt(0).toString(16), char]),
  )('refuses U+%s', (_code, char) => {
    expect(messages(zMultiLineText(), `a${char}b`)).toEqual([TEXT_MESSAGES.controlCharacters]);
  });
});
