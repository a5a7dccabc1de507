import { type ReactNode, Suspense, useEffect, useRef, useState } from 'react';

/** How far below (or above) the screen a chart starts loading: a flick of the thumb ahead. */
export const CHART_LOAD_AHEAD = '400px';

/**
 * Where a chart's drawing goes: a box of the chart's height that renders `children` (a lazy
 * recharts drawing) only once it comes within CHART_LOAD_AHEAD of the screen. recharts and its
 * libraries are ~440 KB of script: a dashboard opened at its top paints and answers without them,
 * and a chart the user never scrolls to never downloads them. Without IntersectionObserver the
 * drawing loads at once.
 */
export function ChartSlot({ height, children }: { height: number; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = box.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: `${CHART_LOAD_AHEAD} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return (
    <div ref={box} style={{ minHeight: height }}>
      {near && <Suspense fallback={null}>{children}</Suspense>}
    </div>
  );
}
