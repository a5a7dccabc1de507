import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, vi } from 'vitest';
import { forgetEarlyRequests } from '@/lib/early-requests';
import { budget } from '../../../../scripts/test-budget.ts';
import { fixHappyDomSelectedness } from './happy-dom-select-fix';
import { flushPreactEffectsAfterWaits } from './preact-effects';
import { onReact } from './runtime';

// The suite shares two cores with the Postgres-backed server tests; 1 s waits are too tight there.
// A file's first render of a page pays the first import of its lazy screen and libraries (the
// dashboards' recharts ES build goes through Vite's transform): past 3 s at load 12, so 8 s. It is
// only a ceiling: a right answer still returns as soon as it shows. Times the run's measured
// slowdown (scripts/test-budget.ts), like every budget.
configure({ asyncUtilTimeout: budget(8000) });
fixHappyDomSelectedness();

// Test files share one happy-dom window per worker (`isolate: false` in vitest.config.ts), so
// Testing Library's own import-time hooks run for the first file only. Set what they set, for
// every file, and put back whatever one test could leave for the next file.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// A findBy* / waitFor returns only once the effects of what it saw have run (see the file). React
// runs a committed render's effects itself.
if (!onReact) flushPreactEffectsAfterWaits();

beforeEach(() => {
  // React Router's <ScrollRestoration> keeps saved positions in module state, by location key, and
  // a memory router's first entry is always 'default': one test's position would be restored into
  // the next test's first page (layouts/root-frame.test.tsx). It replaces that state with what
  // sessionStorage holds when it mounts, so an empty record there starts every test with none.
  sessionStorage.setItem('react-router-scroll-positions', '{}');
});

afterEach(() => {
  // Sonner keeps toasts in a module-level store and replays active ones to a new <Toaster>.
  toast.dismiss();
  cleanup();
  // A page's early requests (lib/early-requests.ts) are module state too: one test's must not
  // answer the next one's screen.
  forgetEarlyRequests();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
  document.title = '';
});
