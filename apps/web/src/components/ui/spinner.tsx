import { cn } from '@/lib/cn';

/** A spinning ring; decorative, so whoever shows it must also say what is happening. */
export function Spinner({ className }: { className?: string }) {
  return (
    <svg
      aria-hidden
      viewBox="0 0 24 24"
      fill="none"
      className={cn('size-5 animate-spin motion-reduce:animate-none', className)}
    >
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/**
 * A page's loading animations start only once the wait is long enough to need one: a page that
 * loads sooner shows them still. Every animated frame is drawn and composited by the browser
 * (and, under Lighthouse, screenshotted): on a phone's few cores that work competes with the
 * page's own start-up (on a slow phone: a dashboard load drew 18–47 frames instead of 7, ~50–100 ms of
 * the GPU and browser processes' CPU). For the page spinner and the lists' skeletons, not a
 * button's spinner, which answers a tap and must move at once.
 */
export const LOADING_ANIMATION_DELAY = '[animation-delay:800ms]';

/** Shown while the session loads, instead of a flash of the wrong page. */
export function PageSpinner() {
  return (
    <main className="grid min-h-dvh place-items-center">
      <div role="status" aria-label="Loading" className="text-accent">
        <Spinner className={cn('size-10', LOADING_ANIMATION_DELAY)} />
      </div>
    </main>
  );
}
