import { describe, expect, it } from 'vitest';
import { withHtml } from '../../src/texts/mail-html.ts';

describe('a notice mail’s HTML part', () => {
  it('says the text’s words, escaped, with its first paragraph as the heading and links as links', () => {
    const mail = withHtml({
      subject: 'x',
      text: [
        '<b>Sam</b> & "Co" wants to be your Show Pal',
        '',
        'Accept or decline on Show Pals',
        'on two lines',
        '',
        'Show Pals: https://encore.example/social?a=1&b=2',
        '',
      ].join('\n'),
    });
    expect(mail.html).toContain(
      '<h1 style="font-size:20px;margin:0 0 12px">&lt;b&gt;Sam&lt;/b&gt; &amp; &quot;Co&quot; wants to be your Show Pal</h1>',
    );
    expect(mail.html).toContain('Accept or decline on Show Pals<br>on two lines');
    expect(mail.html).toContain(
      'Show Pals: <a href="https://encore.example/social?a=1&amp;b=2">https://encore.example/social?a=1&amp;b=2</a>',
    );
    expect(mail.html).not.toContain('<b>');
    expect(mail.text).toContain('<b>Sam</b>');
  });
});
