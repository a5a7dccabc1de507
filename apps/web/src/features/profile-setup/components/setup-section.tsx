import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Card } from '@/components/ui/card';

interface SetupSectionProps {
  title: string;
  icon?: LucideIcon;
  children: ReactNode;
}

/** One card of a setup form, named by its heading for screen readers' landmarks list. */
export function SetupSection({ title, icon: Icon, children }: SetupSectionProps) {
  const id = useId();
  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby={id} className="flex flex-col gap-5">
        <h2 id={id} className="flex items-center gap-2 font-display text-lg font-semibold">
          {Icon && <Icon aria-hidden className="size-5 text-accent" />}
          {title}
        </h2>
        {children}
      </section>
    </Card>
  );
}

/** Two columns from tablet width up, one on phones. */
export function FieldGrid({ children }: { children: ReactNode }) {
  return <div className="grid gap-5 sm:grid-cols-2">{children}</div>;
}
