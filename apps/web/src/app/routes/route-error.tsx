import { useEffect } from 'react';
import { Link, useRouteError } from 'react-router';
import { LogoMark } from '@/components/brand/logo-mark';
import { PageTitle } from '@/components/page-title';
import { Button, buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';

/**
 * Route-level error boundary: a calm page instead of a blank screen or a stack trace. The error
 * goes to the console for whoever debugs it, never onto the page.
 */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => console.error('Route error', error), [error]);

  return (
    <main className="grid min-h-dvh place-items-center px-6 py-10">
      <PageTitle title="Something went wrong" />
      <div className="flex max-w-md flex-col items-center gap-5 text-center">
        <LogoMark className="size-16 opacity-80" />
        <h1 className="font-display text-3xl font-bold tracking-tight">Something went wrong</h1>
        <p className="text-fg-muted">
          This page ran into a problem. Reloading usually helps; if it keeps happening, come back a
          little later.
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          <Button size="lg" onClick={() => window.location.reload()}>
            Reload page
          </Button>
          <Link
            to={paths.splash.href()}
            reloadDocument
            className={buttonClasses({ variant: 'secondary', size: 'lg' })}
          >
            Return to Home
          </Link>
        </div>
      </div>
    </main>
  );
}
