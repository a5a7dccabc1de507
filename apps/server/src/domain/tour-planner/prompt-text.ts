/**
 * A prompt being read: each reader finds its phrases and consumes them, so a later reader does not
 * read the same words again ("Chicago on April 12" is a fixed date, not also a city and a month).
 * Consumed text becomes a barrier character rather than spaces, so two phrases on either side of
 * it never join into a new one.
 */
export class PromptText {
  private text: string;

  constructor(prompt: string) {
    this.text = prompt
      .replace(/[\u2010-\u2015\u2212]/g, '-')
      .replace(/[\u2018\u2019]/g, "'")
      .replace(/\s+/g, ' ');
  }

  get value(): string {
    return this.text;
  }

  /**
   * Calls `read` for each match of `pattern` (global); a match is consumed when `read` returns
   * true, or from `read`'s returned index (the match's text before it stays readable).
   */
  consume(pattern: RegExp, read: (match: RegExpExecArray) => boolean | number): void {
    const flags = pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`;
    const re = new RegExp(pattern.source, flags);
    const spans: [number, number][] = [];
    for (let match = re.exec(this.text); match; match = re.exec(this.text)) {
      if (match[0].length === 0) {
        re.lastIndex += 1;
        continue;
      }
      const verdict = read(match);
      const end = match.index + match[0].length;
      if (verdict === true) spans.push([match.index, end]);
      else if (typeof verdict === 'number') spans.push([verdict, end]);
    }
    for (const [start, end] of spans) {
      this.text = `${this.text.slice(0, start)}${'¦'.repeat(end - start)}${this.text.slice(end)}`;
    }
  }
}
