import { LogOut } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { useLogout } from '@/features/auth/api/logout';

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
          onError: (error) => toast.error('Logout failed', { description: error.message }),
        })
      }
    >
      <LogOut aria-hidden className="size-4" />
      {/* The word stays for screen readers on narrow phones, where only the icon shows. */}
      <span className="sr-only sm:not-sr-only">Log out</span>
    </Button>
  );
}
