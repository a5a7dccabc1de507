import { useEffect } from 'react';

/**
 * Sets the browser tab's title while the calling screen is mounted, then puts back the one it
 * replaced (index.html's, as React 19 did when a hoisted `<title>` unmounted). An effect, not a
 * `<title>` element: React 19 hoists `<title>` into `<head>`, Preact renders it where it stands,
 * so the text showed twice in the page (decision 032). Works the same on both runtimes.
 */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    const replaced = document.title;
    document.title = title;
    return () => {
      document.title = replaced;
    };
  }, [title]);
}

/** The browser tab's title for a route: "<title> · Encore". */
export function PageTitle({ title }: { title: string }) {
  useDocumentTitle(`${title} · Encore`);
  return null;
}
