import type { TTourDatesOwner } from '@encore/contract';
import { escapeHtml } from './escape-html.ts';

const DATA_ATTRIBUTE: Record<TTourDatesOwner, string> = {
  artists: 'data-artist',
  venues: 'data-venue',
};

/**
 * The page the tour-dates widget's `<iframe>` shows: the widget's own script tag, as a performer
 * pastes it on their site, and nothing else (no web app, no cookie read). The name is typed by
 * its owner: escaped, as the id is.
 */
export function tourDatesFrameHtml(frame: {
  owner: TTourDatesOwner;
  id: string;
  name: string;
  script: string;
}): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    `<title>${escapeHtml(`${frame.name}: tour dates · Encore`)}</title>`,
    '</head>',
    '<body>',
    `<script src="${escapeHtml(frame.script)}" ${DATA_ATTRIBUTE[frame.owner]}="${escapeHtml(frame.id)}" async></script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
