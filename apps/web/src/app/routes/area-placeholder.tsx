import { PlaceholderPage } from '@/features/placeholder/routes/placeholder-page';
import { useSignedInPage } from './use-signed-in-page';

/** A signed-in page that a later issue builds: its real title from the route table, nothing invented. */
export function AreaPlaceholder() {
  return <PlaceholderPage title={useSignedInPage().title} />;
}
