import { LogIn } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';

/** Signed-out visitors see what logging in as a fan would let them do, e.g. 'Log in to set an alert'. */
export function LoginPrompt({ action }: { action: string }) {
  return (
    <Link
      to={paths.auth.login.href()}
      className={buttonClasses({ variant: 'secondary', className: 'w-fit' })}
    >
      <LogIn aria-hidden className="size-4" />
      Log in to {action}
    </Link>
  );
}
