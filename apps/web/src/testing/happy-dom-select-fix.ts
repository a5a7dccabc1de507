/**
 * happy-dom 20 picks the wrong option when a <select> ends up with two options marked selected
 * (the first one, selected by default, and one set `selected` before it was appended): it keeps
 * the option at index (count of selected - 1), i.e. index 1, where the HTML spec keeps the LAST
 * selected option in tree order. React never hits this (it marks options after appending them);
 * Preact sets `selected` on each option as it creates it, so under Preact a select's default
 * showed its second option in the tests while Chromium shows the right one (journeys
 * profile-setup). This wraps happy-dom's internal method to follow the spec; it finds the
 * internal symbols by name, so it is a no-op if a happy-dom release renames them.
 */
const symbolNamed = (target: object, name: string) =>
  Object.getOwnPropertySymbols(target).find((symbol) => symbol.description === name);

export function fixHappyDomSelectedness() {
  const proto = HTMLSelectElement.prototype as unknown as Record<symbol, unknown>;
  const update = symbolNamed(proto, 'updateSelectedness');
  const selectedness = symbolNamed(document.createElement('option'), 'selectedness');
  if (!update || !selectedness || typeof proto[update] !== 'function') return;
  const original = proto[update] as (this: HTMLSelectElement, option?: unknown) => void;
  if ((original as { fixed?: boolean }).fixed) return;
  const fixed = function (this: HTMLSelectElement, option?: unknown) {
    if (!option && !this.multiple) {
      const marked = [...this.querySelectorAll('option')].filter(
        (candidate) => (candidate as unknown as Record<symbol, boolean>)[selectedness],
      );
      if (marked.length >= 2) return original.call(this, marked.at(-1));
    }
    return original.call(this, option);
  };
  Object.assign(fixed, { fixed: true });
  proto[update] = fixed;
}
