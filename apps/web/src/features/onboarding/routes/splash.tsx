import { SPLASH_DELAY_MS } from '@encore/contract';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { LogoMark } from '@/components/brand/logo-mark';
import { useDocumentTitle } from '@/components/page-title';
import { TAGLINE } from '@/config/brand';
import { paths } from '@/config/paths';

/** Spec "Splash and role choice": logo and tagline, then the role choice after 2500 ms. */
export function SplashRoute() {
  const navigate = useNavigate();
  useDocumentTitle(`Encore · ${TAGLINE}`);

  useEffect(() => {
    // Replace, so Back from the role choice does not land on a page that moves on by itself.
    const timer = setTimeout(
      () => navigate(paths.landing.href(), { replace: true }),
      SPLASH_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [navigate]);

  return (
    <main className="grid min-h-dvh place-items-center px-6">
      <div className="flex animate-rise flex-col items-center gap-3 text-center motion-reduce:animate-none">
        <LogoMark label="Encore" className="size-28 animate-glow motion-reduce:animate-none" />
        <h1 className="font-display text-6xl font-bold tracking-tight">Encore</h1>
        <p className="text-lg text-fg-muted sm:text-xl">{TAGLINE}</p>
      </div>
    </main>
  );
}
