import { Settings } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { FeedbackDialog } from '@/features/feedback/components/feedback-dialog';
import { useAreaPage } from '../routes/use-area-page';

/** Spec "Fan dashboard" (and the other two): icon buttons for settings and feedback. */
export function DashboardActions() {
  const page = useAreaPage();
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
