/**
 * What the 404 page says is missing, read from the path: a show's address ('/shows/…',
 * '/my-shows/…') lost a show, an artist's or a venue's page lost that; anything else is a page.
 */
const SUBJECTS: ReadonlyArray<[prefix: RegExp, subject: string]> = [
  [/^\/(my-)?shows\//, 'show'],
  [/^\/artists\//, 'artist'],
  [/^\/venues\//, 'venue'],
];

export function notFoundText(pathname: string): string {
  const subject = SUBJECTS.find(([prefix]) => prefix.test(pathname))?.[1] ?? 'page';
  return `There is no ${subject} at this address. It may have moved, or the link has a typo.`;
}
