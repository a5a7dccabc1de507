import { type GENRES, genreFromSlug, DISCOVERY_LABELS as L } from '@encore/contract';
import { ArrowLeft, Compass, Music } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { EmptyState, LoadError } from '@/components/page-states';
import { PageTitle } from '@/components/page-title';
import { Button, buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useGenreArtists } from '../api/get-genre-artists';
import type { RenderAlert } from '../components/alert-slot';
import { ArtistGridSkeleton } from '../components/artist-grid';
import { GenreArtistList } from '../components/genre-artist-list';
import { GenreChips } from '../components/genre-chips';

type Genre = (typeof GENRES)[number];

/**
 * A genre's page (`/discovery/genre/:genre`, from Discovery's chips): the artists who play it, those
 * with an upcoming show nearest the fan's home first, then those with none, a page at a time.
 */
export function GenrePageRoute({ renderAlert }: { renderAlert?: RenderAlert }) {
  const slug = useParams().genre ?? '';
  const genre = genreFromSlug(slug);
  // An address naming no genre is answered here, without asking the server (which says 404 too).
  if (!genre) return <UnknownGenre />;
  return <GenreArtists key={slug} slug={slug} genre={genre} renderAlert={renderAlert} />;
}

function GenreArtists(props: { slug: string; genre: Genre; renderAlert?: RenderAlert }) {
  const { genre } = props;
  const list = useGenreArtists(props.slug);
  const artists = list.data?.pages.flatMap((page) => page.artists) ?? [];
  const home = list.data?.pages[0]?.home;
  if (list.error instanceof ApiError && list.error.status === 404) return <UnknownGenre />;
  return (
    <div className="flex flex-col gap-6">
      <PageTitle title={L.genreTitle(genre)} />
      <BackToDiscovery />
      <div className="flex flex-col gap-1">
        <h1 className="font-display text-3xl font-bold tracking-tight">{L.genreTitle(genre)}</h1>
        <p className="text-fg-muted">
          Artists who play {genre} on Encore, those with a show nearest {home ? home.city : 'you'}{' '}
          first.
        </p>
      </div>
      <GenreChips current={genre} />
      {list.isPending && <ArtistGridSkeleton what={`${genre} artists`} />}
      {list.isError && !list.isFetchNextPageError && (
        <LoadError what={`${genre} artists`} error={list.error} retry={() => void list.refetch()} />
      )}
      {list.isSuccess && artists.length === 0 && (
        <EmptyState
          icon={Music}
          title={L.noGenreArtists(genre)}
          actions={
            <Link to={paths.fan.discovery.href()} className={buttonClasses()}>
              <Compass aria-hidden className="size-4" />
              {L.title}
            </Link>
          }
        >
          When artists who play {genre} join Encore, they appear here. Try another genre, or search
          for any artist.
        </EmptyState>
      )}
      {artists.length > 0 && <GenreArtistList artists={artists} renderAlert={props.renderAlert} />}
      {list.isFetchNextPageError && (
        <p role="alert" className="text-danger">
          We could not load more {genre} artists. {list.error?.message}
        </p>
      )}
      {list.hasNextPage && (
        <Button
          variant="secondary"
          className="self-center"
          disabled={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          {list.isFetchingNextPage && <Spinner className="size-4" />}
          {L.more}
          <span className="sr-only"> {genre} artists</span>
        </Button>
      )}
    </div>
  );
}

function BackToDiscovery() {
  return (
    <Link
      to={paths.fan.discovery.href()}
      className="inline-flex items-center gap-1 self-start text-sm font-semibold text-fg-muted hover:text-accent-strong"
    >
      <ArrowLeft aria-hidden className="size-4" />
      {L.title}
    </Link>
  );
}

function UnknownGenre() {
  return (
    <div className="flex flex-col gap-6">
      <PageTitle title="Genre not found" />
      <BackToDiscovery />
      <h1 className="font-display text-3xl font-bold tracking-tight">Genre not found</h1>
      <p className="text-fg-muted">{L.unknownGenre}. Pick one of these:</p>
      <GenreChips />
    </div>
  );
}
