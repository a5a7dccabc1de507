import { CalendarCheck, History, type LucideIcon, Search, Sparkles, Users } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

const CARDS: ReadonlyArray<{ title: string; text: string; to: string; icon: LucideIcon }> = [
  {
    title: 'Recommended for You',
    text: 'Artists on tour now',
    to: paths.fan.recommended.href(),
    icon: Sparkles,
  },
  {
    title: 'Search Library',
    text: 'Find artists and genres',
    to: paths.fan.discovery.href(),
    icon: Search,
  },
  {
    title: 'Shows Attending',
    text: 'Your upcoming plans',
    to: paths.fan.showsAttending.href(),
    icon: CalendarCheck,
  },
  {
    title: 'Show Pals',
    text: 'Fans you go to shows with',
    to: paths.fan.social.href(),
    icon: Users,
  },
  {
    title: 'Shows Attended',
    text: 'Your concert history',
    to: paths.fan.showsAttended.href(),
    icon: History,
  },
];

/** Spec "Fan dashboard": the Quick Access cards. */
export function QuickAccess() {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="font-display text-xl font-semibold">
        Quick Access
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {CARDS.map(({ title, text, to, icon: Icon }) => (
          <li key={to} className="flex">
            <Link
              to={to}
              // The link is named by its title alone; the line under it is its description.
              aria-describedby={`${headingId}-${to}`}
              className="flex flex-1 flex-col gap-2 rounded-2xl border border-line bg-surface/90 p-4 transition-colors hover:border-accent"
            >
              <Icon aria-hidden className="size-6 text-accent" />
              <span className="font-semibold">{title}</span>
              <span id={`${headingId}-${to}`} aria-hidden className="text-sm text-fg-muted">
                {text}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
