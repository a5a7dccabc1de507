import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '@/components/brand/logo';
import { PageTitle } from '@/components/page-title';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';

interface AuthLayoutProps {
  title: string;
  subtitle?: ReactNode;
  /** Below the card: the link to the other auth screen. */
  footer: ReactNode;
  children: ReactNode;
}

/** The frame of the sign-up and login screens: narrow (28rem), centred, one card. */
export function AuthLayout({ title, subtitle, footer, children }: AuthLayoutProps) {
  return (
    <div className="flex min-h-dvh flex-col px-5 py-6">
      <PageTitle title={title} />
      <header className="mx-auto w-full max-w-md">
        <Link to={paths.landing.href()} className="inline-flex rounded-lg">
          <Logo />
        </Link>
      </header>
      <main className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center gap-6 py-8">
        <div className="flex flex-col gap-1 text-center">
          <h1 className="font-display text-3xl font-bold tracking-tight">{title}</h1>
          {subtitle && <p className="text-fg-muted">{subtitle}</p>}
        </div>
        <Card>{children}</Card>
        <p className="text-center text-fg-muted">{footer}</p>
      </main>
    </div>
  );
}

export const AUTH_LINK_CLASS = 'font-semibold text-accent underline-offset-4 hover:underline';
