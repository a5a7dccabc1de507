import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createRouter } from './app/router';
import './index.css';
import { nextTask } from './lib/next-task';
import { createQueryClient } from './lib/query-client';
import { registerServiceWorker } from './lib/service-worker';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// Three tasks, not one: the scripts' evaluation, then the router (it matches the address and starts
// its screen's and data's requests), then the first render. Together on a slow phone they held the
// main thread ~250 ms (Lighthouse's 4× CPU on a host of index ~1,300, /dashboard): a long task
// that blocks a tap and counts whole in Total Blocking Time; apart, the browser can paint or answer
// a tap between them.
const queryClient = createQueryClient();
nextTask(() => {
  const router = createRouter(queryClient);
  nextTask(() =>
    createRoot(root).render(
      <StrictMode>
        <App queryClient={queryClient} router={router} />
      </StrictMode>,
    ),
  );
});

registerServiceWorker();
