import { type ReactNode, useId } from 'react';
import { Card } from '@/components/ui/card';

/**
 * One titled card inside a tab. `region`: a landmark named by its title, for a section a fan
 * navigates to on its own (Other places).
 */
export function SettingsSection({
  title,
  description,
  region = false,
  children,
}: {
  title: string;
  description?: string;
  region?: boolean;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Card
      className="flex flex-col gap-5 p-5 sm:p-6"
      {...(region ? { role: 'region', 'aria-labelledby': headingId } : {})}
    >
      <div className="flex flex-col gap-1">
        <h2 id={headingId} className="font-display text-xl font-semibold">
          {title}
        </h2>
        {description && <p className="text-sm text-fg-muted">{description}</p>}
      </div>
      {children}
    </Card>
  );
}
