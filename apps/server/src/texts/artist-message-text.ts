/** The words of an artist message wherever it is read: the centre's title and the email's subject. */
export const artistMessageTitle = (artistName: string) => `Message from ${artistName}`;

/** The artist's public page, absolute: where the message's email links. */
export function artistUrl(publicUrl: string, performerId: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/artists/${encodeURIComponent(performerId)}`;
}
