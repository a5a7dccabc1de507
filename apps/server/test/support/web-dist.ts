import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTempDir } from './paths.ts';

/** The web build's index.html as Vite writes it (apps/web/index.html, scripts in /assets). */
export const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="description" content="Encore alerts you when the artists you love announce shows near you." />
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <title>Encore · Never miss another show</title>
    <script defer src="/browser-config.js"></script>
    <script type="module" crossorigin src="/assets/index-Ab12Cd34.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

/** A web build's folder holding only that index.html (and an empty assets folder). */
export function webDistWithIndex(name: string): string {
  const dist = makeTempDir(name);
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), INDEX_HTML);
  return dist;
}
