import { CalendarDays, LayoutDashboard, type LucideIcon } from 'lucide-react';
import { NavLink } from 'react-router';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';

/**
 * The navigation of performers' and venues' pages, between their dashboard and My Shows (fans have
 * FanNav). A row under the header rather than a bottom bar: two destinations fit any phone, and it
 * stays out of the way of My Shows' card actions. NavLink sets aria-current="page"; My Shows stays
 * current on its announce and edit pages.
 */
export function BookerNav({ role }: { role: 'performer' | 'venue' }) {
  const items: ReadonlyArray<{ label: string; to: string; icon: LucideIcon }> = [
    { label: 'Dashboard', to: paths[role].dashboard.href(), icon: LayoutDashboard },
    { label: 'My Shows', to: paths.manageShows.list.href(), icon: CalendarDays },
  ];
  return (
    <nav aria-label="Main" className="border-t border-line">
      <ul className="mx-auto flex max-w-5xl gap-1 px-4">
        {items.map(({ label, to, icon: Icon }) => (
          <li key={to} className="flex">
            <NavLink
              to={to}
              className={({ isActive }) =>
                cn(
                  'flex min-h-11 items-center gap-2 border-b-2 px-3 text-sm font-medium',
                  isActive
                    ? 'border-accent text-accent'
                    : 'border-transparent text-fg-muted hover:text-fg',
                )
              }
            >
              <Icon aria-hidden className="size-4" />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
