import { X } from 'lucide-react';
import { AlertDialog, Dialog } from 'radix-ui';
import type { ComponentProps, ComponentType, MouseEvent, ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Button, buttonClasses } from './button';
import { Spinner } from './spinner';

/**
 * Every modal dialog has the same overlay, centred panel, title, description and button row;
 * they live here so the dialogs cannot drift apart. Radix's Dialog and AlertDialog each read
 * their own context, so the shell is built once per primitive and both share these classes.
 */
// Overlay and panel on one layer, stacked by the order their portals open in: a dialog opened over
// another (a question over the Postpone dialog, a booking request over the tour plan) dims the
// panel under it. With the overlay a layer below, that panel stayed bright through the new
// overlay and its edges and buttons showed around the question.
const OVERLAY = 'fixed inset-0 z-50 bg-black/70';
const PANEL =
  'fixed top-1/2 left-1/2 z-50 flex w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col gap-4 rounded-2xl border border-line bg-surface p-6 shadow-2xl';

type PanelProps = ComponentProps<typeof AlertDialog.Content>;
type TextProps = ComponentProps<typeof Dialog.Title>;

interface Primitives {
  Portal: ComponentType<{ children?: ReactNode }>;
  Overlay: ComponentType<{ className?: string }>;
  Content: ComponentType<PanelProps>;
  Title: ComponentType<TextProps>;
  Description: ComponentType<TextProps>;
}

export interface DialogPanelProps extends PanelProps {
  /** 'lg' for dialogs that hold a list of choices. */
  size?: 'md' | 'lg';
  /** Caps the panel's height and scrolls inside it, for content that can outgrow a phone. */
  scrollable?: boolean;
}

function createDialogShell(P: Primitives) {
  return {
    /** Portal, overlay and the centred panel; the rest of the props go to Radix's Content. */
    Panel({ size = 'md', scrollable = false, className, ...props }: DialogPanelProps) {
      const sizing = cn(size === 'lg' ? 'max-w-lg' : 'max-w-md', scrollable && 'max-h-[90dvh]');
      return (
        <P.Portal>
          <P.Overlay className={OVERLAY} />
          <P.Content
            className={cn(PANEL, sizing, scrollable && 'overflow-y-auto', className)}
            {...props}
          />
        </P.Portal>
      );
    },
    Title({ className, ...props }: TextProps) {
      return <P.Title className={cn('font-display text-xl font-semibold', className)} {...props} />;
    },
    Description({ className, ...props }: TextProps) {
      return <P.Description className={cn('text-fg-muted', className)} {...props} />;
    },
  };
}

export const DialogShell = createDialogShell(Dialog);
export const AlertDialogShell = createDialogShell(AlertDialog);

/** A (non-alert) dialog's title with the 'Close' icon button beside it. */
export function DialogTitleWithClose({ children }: { children: ReactNode }) {
  return (
    <div className="flex items-start justify-between gap-4">
      <DialogShell.Title>{children}</DialogShell.Title>
      <Dialog.Close asChild>
        <Button variant="ghost" size="sm" aria-label="Close">
          <X aria-hidden className="size-4" />
        </Button>
      </Dialog.Close>
    </div>
  );
}

/** The buttons under a dialog: stacked with the main one on top on phones, in a row from sm. */
export function DialogActions({ children }: { children: ReactNode }) {
  return <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{children}</div>;
}

interface ConfirmActionsProps {
  /** Closes without doing anything ('Keep Show'). */
  cancelLabel: string;
  /** Does what cannot be undone ('Delete Account'). */
  actionLabel: string;
  pending: boolean;
  /** Call event.preventDefault() to keep the dialog open while the request runs. */
  onConfirm: (event: MouseEvent<HTMLButtonElement>) => void;
}

/** An alert dialog's two buttons when confirming what cannot be undone: keep, or go ahead (danger). */
export function ConfirmActions({
  cancelLabel,
  actionLabel,
  pending,
  onConfirm,
}: ConfirmActionsProps) {
  return (
    <DialogActions>
      <AlertDialog.Cancel className={buttonClasses({ variant: 'secondary' })}>
        {cancelLabel}
      </AlertDialog.Cancel>
      <AlertDialog.Action
        className={buttonClasses({ variant: 'danger' })}
        disabled={pending}
        onClick={onConfirm}
      >
        {pending && <Spinner />}
        {actionLabel}
      </AlertDialog.Action>
    </DialogActions>
  );
}
