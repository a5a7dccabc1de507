/**
 * The widget's stylesheet, inside its shadow root: the host page's styles do not reach it and its
 * own do not leak out. Encore's colours (src/index.css), with the host page's font.
 */
export const TOUR_DATES_CSS = `
:host { all: initial; display: block; font: inherit; font-family: inherit; }
.card { box-sizing: border-box; max-width: 40rem; padding: 1rem; border: 1px solid #3a2f49;
  border-radius: .75rem; background: #1a1324; color: #f7f3fb; font-family: inherit;
  font-size: 15px; line-height: 1.4; }
h2 { margin: 0 0 .75rem; font-size: 1.2rem; }
ul { list-style: none; margin: 0; padding: 0; }
li { display: flex; flex-wrap: wrap; align-items: center; gap: .5rem 1rem; padding: .75rem 0;
  border-top: 1px solid #3a2f49; }
.when { flex: 0 0 6.5rem; font-weight: 600; }
.when small { display: block; font-weight: 400; color: #bcb2cc; }
.where { flex: 1 1 12rem; min-width: 0; overflow-wrap: anywhere; }
.where small { display: block; color: #bcb2cc; }
.acts { display: flex; flex-wrap: wrap; gap: .5rem; }
a.button { display: inline-block; padding: .45rem .8rem; border-radius: .5rem; font-weight: 600;
  text-decoration: none; border: 1px solid #7a6d8c; color: #f7f3fb; }
a.tickets { background: #ffb547; border-color: #ffb547; color: #1c1204; }
a.button:focus-visible, .by a:focus-visible { outline: 3px solid #ffb547; outline-offset: 2px; }
.cancelled { color: #ff9a9a; font-weight: 600; }
.note { margin: 0; color: #bcb2cc; }
.by { margin: .75rem 0 0; font-size: .85rem; color: #bcb2cc; }
.by a { color: #ffc670; }
`;
