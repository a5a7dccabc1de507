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

/** Shown while the session loads, instead of a flash of the wrong page. */
export function PageSpinner() {
  return (
    <main className="grid min-h-dvh place-items-center">
      <div role="status" aria-label="Loading" className="text-accent">
        <Spinner className="size-10" />
      </div>
    </main>
  );
}
