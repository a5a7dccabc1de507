import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

interface ListboxOptionProps {
  /** The id the input's aria-activedescendant names while this option is the active one. */
  id: string;
  active: boolean;
  onPick: () => void;
  /** The option's own layout (a row with a photo, or a name over a detail). */
  className?: string;
  children: ReactNode;
}

/** One option of a combobox's listbox, picked with the mouse or (by its combobox) the keyboard. */
export function ListboxOption({ id, active, onPick, className, children }: ListboxOptionProps) {
  return (
    <div
      id={id}
      role="option"
      tabIndex={-1}
      aria-selected={active}
      // mousedown, not click: it comes before the input's blur closes the list.
      onMouseDown={(event) => {
        event.preventDefault();
        onPick();
      }}
      className={cn(
        'flex cursor-pointer rounded-lg px-3 py-2',
        active ? 'bg-surface-raised' : 'hover:bg-surface-raised',
        className,
      )}
    >
      {children}
    </div>
  );
}

interface ListboxProps {
  id: string;
  /** What the options are, for screen readers ('Supporting act results'). */
  label: string;
  hidden: boolean;
  children: ReactNode;
}

/** A combobox's popup list, under its input. */
export function Listbox({ id, label, hidden, children }: ListboxProps) {
  return (
    <div
      id={id}
      role="listbox"
      aria-label={label}
      hidden={hidden}
      className="absolute inset-x-0 top-full z-30 mt-1 max-h-72 overflow-y-auto rounded-xl border border-line-strong bg-surface p-1 shadow-xl"
    >
      {children}
    </div>
  );
}
