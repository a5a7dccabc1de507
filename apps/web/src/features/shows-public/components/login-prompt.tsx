import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';

/** Signed-out visitors see why an action is missing and how to get it. */
export function LoginPrompt({ action }: { action: string }) {
  return (
    <p className="flex flex-wrap items-center gap-3 text-sm text-fg-muted">
      <Link
        to={paths.auth.login.href()}
        className={buttonClasses({ variant: 'secondary', size: 'sm' })}
      >
        Log in
      </Link>
      <span>as a fan to {action}.</span>
    </p>
  );
}
