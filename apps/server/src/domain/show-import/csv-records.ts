/** A CSV file that cannot be read as records: an unclosed quote, or a quote inside a bare field. */
export class CsvMalformed extends Error {
  constructor(readonly line: number) {
    super(`malformed CSV near line ${line}`);
  }
}

/** One record and the line of the file it starts on (1-based, as an editor counts). */
export type CsvRecord = { line: number; fields: string[] };

/**
 * RFC 4180 records: comma-separated, fields in double quotes may hold commas, line breaks and
 * doubled quotes; CRLF or LF line ends; a leading byte-order mark (spreadsheets write one) is
 * dropped. Blank lines are skipped. Small and strict on purpose: a stray quote is refused with
 * its line rather than guessed at.
 */
export function csvRecords(text: string): CsvRecord[] {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  /** The current field was quoted: only a comma or a line end may follow its closing quote. */
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let i = 0;
  const endRecord = () => {
    fields.push(field);
    if (fields.length > 1 || fields[0] !== '') records.push({ line: recordLine, fields });
    fields = [];
    field = '';
    quoted = false;
  };
  while (i < source.length) {
    const char = source[i] as string;
    if (char === '"') {
      if (field !== '' || quoted) throw new CsvMalformed(line);
      const start = line;
      i += 1;
      for (;;) {
        if (i >= source.length) throw new CsvMalformed(start);
        const inner = source[i] as string;
        if (inner === '"') {
          if (source[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i += 1;
          break;
        }
        if (inner === '\n') line += 1;
        field += inner;
        i += 1;
      }
      quoted = true;
      continue;
    }
    if (quoted && char !== ',' && char !== '\n' && char !== '\r') throw new CsvMalformed(line);
    if (char === ',') {
      fields.push(field);
      field = '';
      quoted = false;
    } else if (char === '\n' || char === '\r') {
      endRecord();
      if (char === '\r' && source[i + 1] === '\n') i += 1;
      line += 1;
      recordLine = line;
    } else {
      field += char;
    }
    i += 1;
  }
  if (field !== '' || fields.length > 0) endRecord();
  return records;
}
