/** Not an iCalendar file: no BEGIN:VCALENDAR, or components that do not close. */
export class IcsMalformed extends Error {}

/** One property of an event: its value (text unescaped) and its parameters (names upper-cased). */
export type IcsProperty = { value: string; params: Record<string, string> };
/** A VEVENT's properties (the first of each name), and its position among the file's events. */
export type IcsEvent = { index: number; props: Map<string, IcsProperty> };

/**
 * The VEVENTs of an iCalendar file (RFC 5545): folded lines joined, each content line split into
 * name, parameters (quoted values allowed) and value, TEXT escapes undone. Components inside an
 * event (VALARM) are skipped; VTIMEZONE definitions are not read, since a TZID is taken as an
 * IANA zone name (what calendar apps and Google write), and one that is not is refused per event.
 */
export function icsEvents(text: string): IcsEvent[] {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const lines = source.replace(/\r?\n[ \t]/g, '').split(/\r?\n/);
  if (!/^BEGIN:VCALENDAR$/i.test(lines[0]?.trim() ?? '')) throw new IcsMalformed();
  const events: IcsEvent[] = [];
  const stack: string[] = [];
  let current: IcsEvent | null = null;
  for (const raw of lines) {
    const line = raw.trimEnd();
    if (line === '') continue;
    const parsed = contentLine(line);
    if (!parsed) throw new IcsMalformed();
    const { name, params, value } = parsed;
    if (name === 'BEGIN') {
      stack.push(value.toUpperCase());
      if (value.toUpperCase() === 'VEVENT' && stack.length === 2) {
        current = { index: events.length + 1, props: new Map() };
      }
    } else if (name === 'END') {
      if (stack.pop() !== value.toUpperCase()) throw new IcsMalformed();
      if (value.toUpperCase() === 'VEVENT' && current && stack.length === 1) {
        events.push(current);
        current = null;
      }
    } else if (current && stack.length === 2 && !current.props.has(name)) {
      current.props.set(name, { value: unescapeText(value), params });
    }
  }
  if (stack.length > 0) throw new IcsMalformed();
  return events;
}

function contentLine(line: string) {
  // The name and parameters end at the first colon outside a quoted parameter value.
  let inQuotes = false;
  let colon = -1;
  for (let i = 0; i < line.length; i += 1) {
    if (line[i] === '"') inQuotes = !inQuotes;
    else if (line[i] === ':' && !inQuotes) {
      colon = i;
      break;
    }
  }
  if (colon <= 0) return null;
  const [name = '', ...paramTexts] = line.slice(0, colon).split(';');
  const params: Record<string, string> = {};
  for (const param of paramTexts) {
    const equals = param.indexOf('=');
    if (equals <= 0) return null;
    params[param.slice(0, equals).toUpperCase()] = param.slice(equals + 1).replace(/^"|"$/g, '');
  }
  return { name: name.toUpperCase(), params, value: line.slice(colon + 1) };
}

function unescapeText(value: string): string {
  return value.replace(/\\([\\;,nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
}
