/** The browser tab's title for a route; React 19 hoists <title> into <head>. */
export function PageTitle({ title }: { title: string }) {
  return <title>{`${title} · Encore`}</title>;
}
