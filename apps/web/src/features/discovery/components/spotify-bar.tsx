import { DISCOVERY_LABELS as L } from '@encore/contract';
import { Music } from 'lucide-react';
import { CheckboxField } from '@/components/form/checkbox-field';
import type { SpotifyLink } from '../hooks/use-spotify-link';
import { ImportArtistsDialog } from './import-artists-dialog';

/**
 * Spec "Discovery" with the music provider connected: who is connected, the 'Search Spotify
 * Library' checkbox, and 'Import my artists'.
 */
export function SpotifyBar({
  link,
  searchLibrary,
  onSearchLibraryChange,
}: {
  link: SpotifyLink;
  searchLibrary: boolean;
  onSearchLibraryChange: (on: boolean) => void;
}) {
  return (
    <aside
      aria-label="Spotify"
      className="flex flex-wrap items-center gap-x-4 gap-y-3 rounded-2xl border border-line bg-surface/90 p-4"
    >
      <Music aria-hidden className="size-6 shrink-0 text-accent" />
      <p className="min-w-40 flex-1 text-sm text-fg-muted">
        Spotify connected as <span className="font-medium text-fg">{link.name}</span>
      </p>
      <CheckboxField
        label={L.searchSpotifyLibrary}
        checked={searchLibrary}
        onChange={(e) => onSearchLibraryChange(e.currentTarget.checked)}
      />
      <ImportArtistsDialog connection={link.key} />
    </aside>
  );
}
