import { LogIn } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';

/**
 * Signed-out visitors see what logging in as a fan would let them do, e.g. 'Login to set an
 * alert' (the seed's word, 'Login', wherever the app names it); the login screen then brings them back here.
 */
export function LoginPrompt({ action }: { action: string }) {
  // Back to this very page after logging in, where the visitor meant to act.
  const { pathname } = useLocation();
  return (
    <Link
      to={paths.auth.login.returningTo(pathname)}
      className={buttonClasses({ variant: 'secondary', className: 'w-fit' })}
    >
      <LogIn aria-hidden className="size-4" />
      Login to {action}
    </Link>
  );
}
