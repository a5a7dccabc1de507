import { describe, expect, it } from 'vitest';
import { widgetSnippets } from './tour-dates-widget-section';

describe('the tour-dates widget snippets', () => {
  it('load the widget and its frame from this Encore, for this performer', () => {
    const { script, iframe } = widgetSnippets('https://encore.example', 'perf 1');
    expect(script).toBe(
      '<script src="https://encore.example/embed/tour-dates.js" data-artist="perf 1" async></script>',
    );
    expect(iframe).toContain('src="https://encore.example/embed/artists/perf%201"');
    expect(iframe).toContain('title="Tour dates"');
  });
});
