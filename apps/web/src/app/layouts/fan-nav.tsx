import { Bell, Compass, House, type LucideIcon, Users } from 'lucide-react';
import { NavLink } from 'react-router';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';

const ITEMS: ReadonlyArray<{ label: string; to: string; icon: LucideIcon }> = [
  { label: 'Home', to: paths.fan.dashboard.href(), icon: House },
  { label: 'Discovery', to: paths.fan.discovery.href(), icon: Compass },
  { label: 'Alerts', to: paths.fan.alerts.href(), icon: Bell },
  { label: 'Social', to: paths.fan.social.href(), icon: Users },
];

/** Spec "Fan dashboard": the bottom navigation of fan pages. NavLink sets aria-current="page". */
export function FanNav() {
  return (
    <nav
      aria-label="Main"
      className="fixed inset-x-0 bottom-0 z-20 border-t border-line bg-surface/95 pb-[env(safe-area-inset-bottom)] backdrop-blur"
    >
      <ul className="mx-auto grid h-16 max-w-lg grid-cols-4">
        {ITEMS.map(({ label, to, icon: Icon }) => (
          <li key={to} className="flex">
            <NavLink
              to={to}
              className={({ isActive }) =>
                cn(
                  'flex flex-1 flex-col items-center justify-center gap-1 rounded-lg text-xs font-medium',
                  isActive ? 'text-accent' : 'text-fg-muted hover:text-fg',
                )
              }
            >
              <Icon aria-hidden className="size-5" />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
