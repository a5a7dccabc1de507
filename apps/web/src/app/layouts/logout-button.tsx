import { LogOut } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useLogout } from '@/features/auth/api/logout';
import { reportRequestError } from '@/lib/report-request-error';

/** 'Log out': ends the session on the server, then /landing (spec "Fan dashboard"). */
export function LogoutButton() {
  const logout = useLogout();
  return (
    <Button
      variant="secondary"
      size="sm"
      disabled={logout.isPending}
      onClick={() =>
        logout.mutate(undefined, {
          onError: (error) => reportRequestError(error, { title: 'Logout failed' }),
        })
      }
    >
      <LogOut aria-hidden className="size-4" />
      {/* The word stays for screen readers on narrow phones, where only the icon shows. */}
      <span className="sr-only sm:not-sr-only">Log out</span>
    </Button>
  );
}
