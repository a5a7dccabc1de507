import { Eye, EyeOff } from 'lucide-react';
import { type ComponentProps, useState } from 'react';
import { cn } from '@/lib/cn';
import { Input } from './input';

type PasswordInputProps = Omit<ComponentProps<'input'>, 'type'> & {
  /** Names of the toggle, e.g. 'Show password' / 'Hide password'. */
  showLabel: string;
  hideLabel: string;
};

export function PasswordInput({ showLabel, hideLabel, className, ...props }: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  const Icon = visible ? EyeOff : Eye;
  return (
    <div className="relative">
      <Input type={visible ? 'text' : 'password'} className={cn('pr-12', className)} {...props} />
      {/*
        The toggle is named by hidden text, not aria-label: an aria-label such as 'Show confirm
        password' would also count as a label of 'Confirm Password' (Playwright's getByLabel).
      */}
      <button
        type="button"
        aria-pressed={visible}
        onClick={() => setVisible((v) => !v)}
        className="absolute inset-y-0 right-0 flex w-12 items-center justify-center rounded-r-xl text-fg-muted hover:text-accent"
      >
        <span className="sr-only">{visible ? hideLabel : showLabel}</span>
        <Icon aria-hidden className="size-5" />
      </button>
    </div>
  );
}
