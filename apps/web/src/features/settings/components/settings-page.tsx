import { SETTINGS_MESSAGES } from '@encore/contract';
import { ArrowLeft } from 'lucide-react';
import { Tabs } from 'radix-ui';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { buttonClasses } from '@/components/ui/button';
import { SETTINGS_TAB_PARAM } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useEmailVerifiedNotice } from '../utils/use-email-verified-notice';

export interface SettingsTab {
  value: string;
  label: string;
  content: ReactNode;
}

/** Spec "Settings": title, 'Back to Dashboard' to the role's own dashboard, one tab per area. */
export function SettingsPage({
  dashboardHref,
  tabs,
}: {
  dashboardHref: string;
  tabs: SettingsTab[];
}) {
  useEmailVerifiedNotice();
  // The open tab lives in the URL (?tab=security), so a link can open one, also from this very
  // page (the Notifications tab's 'Verify your phone'); unknown or missing: the first tab.
  const [search, setSearch] = useSearchParams();
  const active =
    tabs.find((tab) => tab.value === search.get(SETTINGS_TAB_PARAM))?.value ?? tabs[0]?.value;
  const open = (value: string) =>
    setSearch(
      (before) => {
        const next = new URLSearchParams(before);
        next.set(SETTINGS_TAB_PARAM, value);
        return next;
      },
      { replace: true },
    );
  return (
    <div className="flex flex-col gap-6">
      <PageTitle title="Settings" />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-display text-3xl font-bold tracking-tight">Settings</h1>
        <Link to={dashboardHref} className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
          <ArrowLeft aria-hidden className="size-4" />
          {SETTINGS_MESSAGES.backToDashboard}
        </Link>
      </div>
      <Tabs.Root value={active} onValueChange={open} className="flex max-w-3xl flex-col gap-5">
        {/* The tabs wrap rather than scroll sideways: a phone showed the first four and gave no
            sign that more were off the edge. Wrapped, every tab is in view and in tab order. */}
        <Tabs.List aria-label="Settings sections" className="flex flex-wrap gap-1 py-1 sm:px-1">
          {tabs.map((tab) => (
            <Tabs.Trigger
              key={tab.value}
              value={tab.value}
              className={cn(
                'h-10 shrink-0 rounded-xl px-4 text-sm font-semibold text-fg-muted',
                'hover:text-fg data-[state=active]:bg-accent data-[state=active]:text-on-accent',
              )}
            >
              {tab.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Content key={tab.value} value={tab.value} className="flex flex-col gap-5">
            {tab.content}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </div>
  );
}
