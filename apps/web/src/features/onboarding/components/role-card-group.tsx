import { ROLE_CARDS, ROLES, type TRole } from '@encore/contract';
import { Building2, CircleCheck, Headphones, type LucideIcon, MicVocal } from 'lucide-react';
import { RadioGroup } from 'radix-ui';
import { useId } from 'react';

const ICONS: Record<TRole, LucideIcon> = { fan: Headphones, performer: MicVocal, venue: Building2 };

function isRole(value: string): value is TRole {
  return (ROLES as readonly string[]).includes(value);
}

interface RoleCardGroupProps {
  value: TRole | null;
  onChange: (role: TRole) => void;
  /** id of the visible heading that names the group. */
  labelledBy: string;
}

/**
 * The three role cards as one radio group (Radix: arrow keys move and select, Space selects).
 * Each card is named by its title alone ("Fan"), and described by its line ("Discover live music").
 */
export function RoleCardGroup({ value, onChange, labelledBy }: RoleCardGroupProps) {
  const baseId = useId();
  return (
    <RadioGroup.Root
      aria-labelledby={labelledBy}
      value={value ?? ''}
      onValueChange={(next) => isRole(next) && onChange(next)}
      loop
      className="grid gap-3 sm:grid-cols-3 sm:gap-4"
    >
      {ROLES.map((role) => {
        const Icon = ICONS[role];
        const titleId = `${baseId}-${role}-title`;
        const descriptionId = `${baseId}-${role}-description`;
        return (
          <RadioGroup.Item
            key={role}
            value={role}
            aria-labelledby={titleId}
            aria-describedby={descriptionId}
            className="group relative flex items-center gap-4 rounded-2xl border-2 border-line bg-surface p-4 text-left transition-colors hover:border-line-strong data-[state=checked]:border-accent data-[state=checked]:bg-surface-raised sm:flex-col sm:items-start sm:p-6"
          >
            <span className="grid size-12 shrink-0 place-items-center rounded-xl bg-surface-raised text-accent group-data-[state=checked]:bg-accent group-data-[state=checked]:text-on-accent">
              <Icon aria-hidden className="size-6" />
            </span>
            <span className="flex flex-col gap-0.5">
              <span id={titleId} className="font-display text-lg font-semibold text-fg">
                {ROLE_CARDS[role].title}
              </span>
              <span id={descriptionId} className="text-sm text-fg-muted">
                {ROLE_CARDS[role].description}
              </span>
            </span>
            <RadioGroup.Indicator className="absolute top-3 right-3 text-accent">
              <CircleCheck aria-hidden className="size-5" />
            </RadioGroup.Indicator>
          </RadioGroup.Item>
        );
      })}
    </RadioGroup.Root>
  );
}
