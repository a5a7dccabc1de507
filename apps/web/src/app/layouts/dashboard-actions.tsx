import { CalendarDays, Settings } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { FeedbackDialog } from '@/features/feedback/components/feedback-dialog';
import { useSignedInPage } from '../routes/use-signed-in-page';

/** Spec "Fan dashboard" (and the other two): icon buttons for settings and feedback; performers' and venues' 'Shows'. */
export function DashboardActions() {
  const page = useSignedInPage();
  if (page.path !== paths[page.role].dashboard.path) return null;
  return (
    <>
      {page.role !== 'fan' && (
        <Link
          to={paths.manageShows.list.href()}
          className={buttonClasses({ variant: 'secondary', size: 'sm' })}
        >
          <CalendarDays aria-hidden className="size-4" />
          {/* The word stays for screen readers on narrow phones, where only the icon shows. */}
          <span className="sr-only sm:not-sr-only">Shows</span>
        </Link>
      )}
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
