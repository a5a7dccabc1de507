import { PlaceholderPage } from '@/features/placeholder/routes/placeholder-page';
import { useAreaPage } from './use-area-page';

/** A signed-in page that a later issue builds: its real title from AREA_PAGES, nothing invented. */
export function AreaPlaceholder() {
  return <PlaceholderPage title={useAreaPage().title} />;
}
