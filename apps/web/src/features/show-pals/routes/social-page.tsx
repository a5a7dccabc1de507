import type { TShowPal } from '@encore/contract';
import { Compass, Users } from 'lucide-react';
import { Link } from 'react-router';
import { useBlocked, useSocial, useSuggestions } from '@/api/social';
import { EmptyState, ListSkeleton, LoadError } from '@/components/page-states';
import { PageTitle } from '@/components/page-title';
import { FanRow } from '@/components/social/fan-row';
import { PalActionButton } from '@/components/social/pal-action-button';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { InvitesSection } from '../components/invites-section';

/** 'Dec 3, 2026' in the viewer's zone: when a request was sent. */
const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

const sharedLine = (pal: TShowPal) =>
  pal.sharedShows === 0
    ? 'No shows in common yet'
    : `${pal.sharedShows} ${pal.sharedShows === 1 ? 'show' : 'shows'} in common`;

/**
 * /social ('Show Pals'): open going-together invites to me (Going, Not this time), requests to me (Accept, Decline), my pals with shows in common (Remove,
 * Block), fans I might know (Add), my open requests (Cancel) and the fans I blocked (Unblock).
 * Every list comes from the server, which applies each fan's privacy before anything reaches
 * this page.
 */
export function SocialPageRoute() {
  const social = useSocial();
  const suggestions = useSuggestions();
  const blocked = useBlocked();
  const data = social.data;

  return (
    <div className="flex flex-col gap-8">
      <PageTitle title="Show Pals" />
      <div className="flex flex-col gap-1">
        <h1 className="font-display text-3xl font-bold tracking-tight">Show Pals</h1>
        <p className="text-fg-muted">Fans you go to shows with, and fans who go where you go.</p>
      </div>
      <InvitesSection />
      {social.isPending && <ListSkeleton what="your Show Pals" />}
      {social.isError && (
        <LoadError what="your Show Pals" error={social.error} retry={() => void social.refetch()} />
      )}
      {data && data.incoming.length > 0 && (
        <Section id="pal-requests" title="Requests">
          {data.incoming.map(({ fan, sentAt }) => (
            <FanRow key={fan.id} fan={fan} detail={`Asked ${day(sentAt)}`}>
              <PalActionButton action="accept" fan={fan} variant="primary" />
              <PalActionButton action="decline" fan={fan} />
            </FanRow>
          ))}
        </Section>
      )}
      {data && (
        <Section id="my-pals" title="My Show Pals">
          {data.pals.length === 0 ? (
            <EmptyState
              icon={Users}
              title="No Show Pals yet"
              actions={
                <Link to={paths.fan.alerts.href()} className={buttonClasses({})}>
                  <Compass aria-hidden className="size-4" />
                  Find shows to go to
                </Link>
              }
            >
              Mark shows you are going to, then add the fans you meet there or the ones suggested
              below.
            </EmptyState>
          ) : (
            data.pals.map((pal) => (
              <FanRow key={pal.id} fan={pal} detail={sharedLine(pal)}>
                <PalActionButton action="remove" fan={pal} />
                <PalActionButton action="block" fan={pal} variant="danger" />
              </FanRow>
            ))
          )}
        </Section>
      )}
      <Section id="pal-suggestions" title="People you may know">
        {suggestions.isPending && <ListSkeleton what="suggestions" rows={2} />}
        {suggestions.isError && (
          <LoadError
            what="suggestions"
            error={suggestions.error}
            retry={() => void suggestions.refetch()}
          />
        )}
        {suggestions.data?.suggestions.length === 0 && (
          <p className="text-fg-muted">
            No suggestions yet. They come from the shows you go to and the artists you watch.
          </p>
        )}
        {suggestions.data?.suggestions.map((fan) => (
          <FanRow key={fan.id} fan={fan} detail={fan.reason}>
            {fan.canRequest && <PalActionButton action="add" fan={fan} variant="primary" />}
            <PalActionButton action="block" fan={fan} variant="ghost" />
          </FanRow>
        ))}
      </Section>
      {data && data.outgoing.length > 0 && (
        <Section id="sent-requests" title="Sent requests">
          {data.outgoing.map(({ fan, sentAt }) => (
            <FanRow key={fan.id} fan={fan} detail={`Asked ${day(sentAt)}`}>
              <PalActionButton action="cancel" fan={fan} />
            </FanRow>
          ))}
        </Section>
      )}
      {blocked.data && blocked.data.fans.length > 0 && (
        <Section id="blocked-fans" title="Blocked">
          <p className="text-sm text-fg-muted">
            They cannot see you, ask you or find you on Encore, and were not told.
          </p>
          {blocked.data.fans.map((fan) => (
            <FanRow key={fan.id} fan={fan}>
              <PalActionButton action="unblock" fan={fan} />
            </FanRow>
          ))}
        </Section>
      )}
    </div>
  );
}

function Section({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="font-display text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
