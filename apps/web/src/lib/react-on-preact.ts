/**
 * What `react` resolves to under decision 032's alias (preact-alias.ts): all of preact/compat,
 * plus the React 19 hooks it lacks that our libraries look for. React Router 7 reads
 * `React.useOptimistic` from its namespace import; preact/compat has none, so the bundler warned
 * that the import "will always be undefined" on every build.
 */
import { useCallback, useRef, useState } from 'preact/compat';

// preact/compat's types say `export =`, which TypeScript will not re-export with `export *`; its
// ES module (what the bundler reads) has named exports. Nothing type-checks against this file:
// our code's `react` types are React's own (@types/react).
// @ts-expect-error TS2498
export * from 'preact/compat';
export { default } from 'preact/compat';

/** An optimistic value and the real state it was set over. */
type Optimistic<S> = { base: S; value: S };

const current = <S>(held: Optimistic<S> | null, base: S) =>
  held !== null && Object.is(held.base, base) ? held.value : base;

/**
 * React 19's `useOptimistic` on Preact. React shows the optimistic value while the transition
 * that set it is pending; Preact runs transitions synchronously and tracks none, so here it is
 * shown until `passthrough` (the real state) changes, and then the real state is shown again.
 */
export function useOptimistic<S>(passthrough: S): [S, (action: S | ((pending: S) => S)) => void];
export function useOptimistic<S, A>(
  passthrough: S,
  reducer: (state: S, action: A) => S,
): [S, (action: A) => void];
export function useOptimistic<S, A>(
  passthrough: S,
  reducer?: (state: S, action: A) => S,
): [S, (action: A) => void] {
  const [optimistic, setOptimistic] = useState<Optimistic<S> | null>(null);
  const latest = useRef({ passthrough, reducer });
  latest.current = { passthrough, reducer };
  const add = useCallback((action: A) => {
    setOptimistic((held) => {
      const { passthrough: base, reducer: reduce } = latest.current;
      const pending = current(held, base);
      const value = reduce
        ? reduce(pending, action)
        : typeof action === 'function'
          ? (action as (pending: S) => S)(pending)
          : (action as unknown as S);
      return { base, value };
    });
  }, []);

  return [current(optimistic, passthrough), add];
}
