import type { ReactNode } from 'react';
import { PageTitle } from '@/components/page-title';
import { Spinner } from '@/components/ui/spinner';

interface SetupPageProps {
  title: string;
  intro: string;
  /** True until the saved profile (if any) has loaded, so the form starts with the right values. */
  loading: boolean;
  /** The saved profile could not be read: the form starts empty and says so. */
  loadFailed?: boolean;
  children: ReactNode;
}

/** Heading, intro and the form of a setup screen; a spinner while the saved profile loads. */
export function SetupPage({ title, intro, loading, loadFailed, children }: SetupPageProps) {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <PageTitle title={title} />
      <header className="flex flex-col gap-2">
        <h1 className="font-display text-3xl font-bold tracking-tight">{title}</h1>
        <p className="text-fg-muted">{intro}</p>
      </header>
      {loading ? (
        <div
          role="status"
          aria-label="Loading your profile"
          className="grid place-items-center py-16 text-accent"
        >
          <Spinner className="size-8" />
        </div>
      ) : (
        <>
          {loadFailed && (
            <p
              role="alert"
              className="rounded-xl border border-danger/60 px-4 py-3 text-sm text-danger"
            >
              Your saved profile could not be loaded, so the form starts empty. Reload to try again.
            </p>
          )}
          {children}
        </>
      )}
    </div>
  );
}
