import { ROLE_CARDS, ROLES, type TRole } from '@encore/contract';
import { Building2, CircleCheck, Headphones, type LucideIcon, MicVocal } from 'lucide-react';
import { type KeyboardEvent, useId, useRef } from 'react';
import { cn } from '@/lib/cn';

const ICONS: Record<TRole, LucideIcon> = { fan: Headphones, performer: MicVocal, venue: Building2 };

const STEP: Partial<Record<string, number>> = {
  ArrowDown: 1,
  ArrowRight: 1,
  ArrowUp: -1,
  ArrowLeft: -1,
};

interface RoleCardGroupProps {
  value: TRole | null;
  onChange: (role: TRole) => void;
  /** id of the visible heading that names the group. */
  labelledBy: string;
}

/**
 * The three role cards as one radio group, following the WAI-ARIA radio pattern: one tab stop,
 * arrow keys move and select (wrapping), Space or Enter selects. Hand-rolled rather than Radix
 * because Radix selects on focus only while the arrow key is still held, which fails for fast
 * (and automated) key presses. Each card is named by its title ("Fan") and described by its line:
 * the name comes from the card's content with the line hidden from it (aria-hidden, still read as
 * the description), not from aria-labelledby, whose name would leave out visible text (axe's
 * label-content-name-mismatch, WCAG 2.5.3: a voice user says what they see).
 */
export function RoleCardGroup({ value, onChange, labelledBy }: RoleCardGroupProps) {
  const baseId = useId();
  const cards = useRef(new Map<TRole, HTMLButtonElement>());
  const tabStop = value ?? ROLES[0];

  const onKeyDown = (role: TRole, event: KeyboardEvent) => {
    const step = STEP[event.key];
    if (!step) return;
    event.preventDefault();
    const next = ROLES[(ROLES.indexOf(role) + step + ROLES.length) % ROLES.length] ?? role;
    onChange(next);
    cards.current.get(next)?.focus();
  };

  return (
    <div
      role="radiogroup"
      aria-labelledby={labelledBy}
      className="grid gap-3 sm:grid-cols-3 sm:gap-4"
    >
      {ROLES.map((role) => {
        const Icon = ICONS[role];
        const checked = value === role;
        return (
          // biome-ignore lint/a11y/useSemanticElements: a card with icon, title and description cannot be an <input>; this is the ARIA radio pattern on a button.
          <button
            key={role}
            ref={(node) => {
              if (node) cards.current.set(role, node);
              else cards.current.delete(role);
            }}
            type="button"
            role="radio"
            aria-checked={checked}
            aria-describedby={`${baseId}-${role}-description`}
            tabIndex={role === tabStop ? 0 : -1}
            onClick={() => onChange(role)}
            onKeyDown={(event) => onKeyDown(role, event)}
            className={cn(
              'group relative flex items-center gap-4 rounded-2xl border-2 bg-surface p-4 text-left transition-colors sm:flex-col sm:items-start sm:p-6',
              checked ? 'border-accent bg-surface-raised' : 'border-line hover:border-line-strong',
            )}
          >
            <span
              className={cn(
                'grid size-12 shrink-0 place-items-center rounded-xl',
                checked ? 'bg-accent text-on-accent' : 'bg-surface-raised text-accent',
              )}
            >
              <Icon aria-hidden className="size-6" />
            </span>
            <span className="flex flex-col gap-0.5">
              <span className="font-display text-lg font-semibold text-fg">
                {ROLE_CARDS[role].title}
              </span>
              <span
                id={`${baseId}-${role}-description`}
                aria-hidden
                className="text-sm text-fg-muted"
              >
                {ROLE_CARDS[role].description}
              </span>
            </span>
            {checked && (
              <CircleCheck aria-hidden className="absolute top-3 right-3 size-5 text-accent" />
            )}
          </button>
        );
      })}
    </div>
  );
}
