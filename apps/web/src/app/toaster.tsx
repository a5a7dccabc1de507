import { Toaster } from 'sonner';
import { useMediaQuery } from '@/lib/use-media-query';

const TOAST_BOTTOM = 'calc(5rem + env(safe-area-inset-bottom))';
const TOAST_TOP_PHONE = 'calc(0.5rem + env(safe-area-inset-top))';
/** Where sonner's own phone layout (full-width toasts, `mobileOffset`) starts. */
const PHONE = '(max-width: 600px)';

/**
 * Where the app's toasts show. Not under the header: there a toast covered the heading of the
 * page it came with ('Login successful' over the dashboard's welcome). On a wide screen, at the
 * bottom right, lifted above the fans' bottom navigation (4rem plus the safe area). On a phone the
 * bottom is page too (the Next Show card), so toasts come down from the top over the header, as a
 * phone's own notification banners do; they leave the page's content alone, and a tap on × or a
 * swipe up dismisses them.
 */
export function AppToaster() {
  const phone = useMediaQuery(PHONE);
  return (
    <Toaster
      position={phone ? 'top-center' : 'bottom-right'}
      offset={{ bottom: TOAST_BOTTOM, right: 24 }}
      mobileOffset={{ top: TOAST_TOP_PHONE }}
      duration={5000}
      visibleToasts={3}
      theme="dark"
      richColors
      closeButton
      // Said, not looked up: left out, sonner reads the page's direction with getComputedStyle
      // at every render, a style recalculation in the middle of the first one.
      dir="ltr"
    />
  );
}
