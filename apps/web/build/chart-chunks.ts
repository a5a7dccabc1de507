import type { CodeSplittingGroup } from 'rolldown';

/**
 * The libraries behind the dashboards' charts (recharts, the d3 modules it draws with, its redux
 * store): only components/charts' drawings import them, lazily, as a chart comes near the screen.
 * Left to Rolldown they were one ~386 KB chunk, near Vite's 500 KB warning (a build warning fails
 * `npm run build:strict`); here recharts is one chunk and what it builds on another, fetched side by
 * side (`npm run check:bundle` holds every chunk under its ceiling). Packages that the app itself or
 * the first pages also use (clsx, react-is, use-sync-external-store) are not named: they stay where
 * Rolldown puts them.
 */
const CHART_LIBRARIES =
  /[\\/]node_modules[\\/](recharts|d3-[a-z-]+|victory-vendor|internmap|es-toolkit|decimal\.js-light|@reduxjs[\\/]toolkit|immer|redux|redux-thunk|reselect|react-redux|eventemitter3|tiny-invariant)[\\/]/;

export const CHART_CHUNKS = ['recharts', 'recharts-libs'] as const;
const [RECHARTS_CHUNK, LIBRARIES_CHUNK] = CHART_CHUNKS;

export const chartChunkGroup: CodeSplittingGroup = {
  debugName: 'chart-libraries',
  name: (id) => {
    const found = CHART_LIBRARIES.exec(id);
    if (!found) return null;
    return found[1] === 'recharts' ? RECHARTS_CHUNK : LIBRARIES_CHUNK;
  },
  test: CHART_LIBRARIES,
  // Only these packages: their own imports of shared helpers stay in the shared chunks.
  includeDependenciesRecursively: false,
};
