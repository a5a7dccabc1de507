import { Settings } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { FeedbackDialog } from '@/features/feedback/components/feedback-dialog';
import { useSignedInPage } from '../routes/use-signed-in-page';

/**
 * Spec "Fan dashboard" (and the other two): icon buttons for settings and feedback. Performers and
 * venues reach My Shows from their navigation (BookerNav).
 */
export function DashboardActions() {
  const page = useSignedInPage();
  if (page.path !== paths[page.role].dashboard.path) return null;
  return (
    <>
      <Link
        to={paths[page.role].settings.href()}
        aria-label="Settings"
        className={buttonClasses({ variant: 'secondary', size: 'sm' })}
      >
        <Settings aria-hidden className="size-4" />
      </Link>
      <FeedbackDialog />
    </>
  );
}
