import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { paths } from '@/config/paths';
import { AnnounceShowForm, type ShowOwner } from '../components/announce-show-form';

/** 'Announce a Show' (/my-shows/new). */
export function AnnounceShowRoute({ owner }: { owner: ShowOwner }) {
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6">
      <PageTitle title="Announce a Show" />
      <BackToShows />
      <h1 className="font-display text-3xl font-bold tracking-tight">Announce a Show</h1>
      <AnnounceShowForm owner={owner} />
    </div>
  );
}

export function BackToShows() {
  return (
    <Link
      to={paths.manageShows.list.href()}
      className="inline-flex items-center gap-1.5 self-start rounded text-sm text-fg-muted hover:text-accent"
    >
      <ArrowLeft aria-hidden className="size-4" />
      Your Shows
    </Link>
  );
}
