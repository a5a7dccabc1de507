import { GENERIC_MESSAGES } from '@encore/contract';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { LogoMark } from '@/components/brand/logo-mark';
import { PageTitle } from '@/components/page-title';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { logNotFound } from '../api/log-not-found';
import { notFoundText } from '../utils/not-found-text';

export function NotFoundRoute() {
  const { pathname } = useLocation();
  // Strict mode runs effects twice in development; log each path once.
  const logged = useRef<string | null>(null);

  useEffect(() => {
    if (logged.current === pathname) return;
    logged.current = pathname;
    // Only the path: a query string may carry tokens that do not belong in a log.
    console.warn(`Page not found: ${pathname}`);
    logNotFound(pathname);
  }, [pathname]);

  return (
    <main className="grid min-h-dvh place-items-center px-6 py-10">
      <PageTitle title="Page not found" />
      <div className="flex max-w-md flex-col items-center gap-5 text-center">
        <LogoMark className="size-20 opacity-80" />
        <p className="font-display text-6xl font-bold text-accent">404</p>
        <h1 className="font-display text-3xl font-bold tracking-tight">
          {GENERIC_MESSAGES.pageNotFound}
        </h1>
        <p className="text-fg-muted">{notFoundText(pathname)}</p>
        <Link to={paths.splash.href()} className={buttonClasses({ size: 'lg' })}>
          Return to Home
        </Link>
      </div>
    </main>
  );
}
