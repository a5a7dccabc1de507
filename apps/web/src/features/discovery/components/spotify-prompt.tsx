import { DISCOVERY_LABELS as L } from '@encore/contract';
import { Music } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';

/** Spec "Discovery": without a music provider connection, a 'Connect Spotify' prompt. */
export function SpotifyPrompt() {
  return (
    <aside
      aria-label="Spotify"
      className="flex flex-wrap items-center gap-3 rounded-2xl border border-line bg-surface/90 p-4"
    >
      <Music aria-hidden className="size-6 shrink-0 text-accent" />
      <p className="min-w-48 flex-1 text-sm text-fg-muted">
        Connect Spotify to search your library and see your top artists here.
      </p>
      <Link
        to={paths.fan.onboardingSpotify.href()}
        className={buttonClasses({
          variant: 'secondary',
          size: 'sm',
          className: 'w-full sm:w-auto',
        })}
      >
        {L.connectSpotify}
      </Link>
    </aside>
  );
}
