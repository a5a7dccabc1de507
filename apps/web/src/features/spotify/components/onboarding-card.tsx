import type { ReactNode } from 'react';
import { PageTitle } from '@/components/page-title';
import { Card } from '@/components/ui/card';

/**
 * The frame of the Spotify onboarding step and its callback: one card, centred, and what else
 * the step offers (`after`, below it).
 */
export function OnboardingCard({
  title,
  icon,
  children,
  after,
}: {
  title: string;
  icon: ReactNode;
  children: ReactNode;
  after?: ReactNode;
}) {
  return (
    <div className="mx-auto flex w-full max-w-lg flex-col gap-6 sm:pt-6">
      <PageTitle title={title} />
      <Card className="flex flex-col items-center gap-5 p-5 text-center sm:p-8">
        <div className="grid size-16 place-items-center rounded-full bg-accent/15 text-accent">
          {icon}
        </div>
        {children}
      </Card>
      {after}
    </div>
  );
}
