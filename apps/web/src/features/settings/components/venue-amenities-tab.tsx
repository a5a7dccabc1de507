import {
  AMENITIES,
  SETTINGS_MESSAGES,
  type TVenueProfile,
  ZVenueProfileInput,
} from '@encore/contract';
import { Check, X } from 'lucide-react';
import { Link } from 'react-router';
import { MaxCapacityField } from '@/components/profile-form/venue-fields';
import { paths } from '@/config/paths';
import { ProfileTabForm } from './profile-tab-form';
import { SettingsSection } from './settings-section';

const ZTab = ZVenueProfileInput.pick({ maxCapacity: true });

/** Venue settings > Amenities: capacity is editable; amenities are changed in profile setup. */
export function VenueAmenitiesTab({ profile }: { profile: TVenueProfile }) {
  return (
    <>
      <SettingsSection title="Capacity">
        <ProfileTabForm forRole="venue" schema={ZTab} profile={profile}>
          <MaxCapacityField />
        </ProfileTabForm>
      </SettingsSection>
      <SettingsSection title="Amenities">
        <ul className="grid gap-2 sm:grid-cols-2">
          {AMENITIES.map((amenity) => {
            const has = profile.amenities.includes(amenity);
            const Icon = has ? Check : X;
            return (
              <li key={amenity} className="flex items-center gap-2">
                <Icon
                  aria-hidden
                  className={has ? 'size-5 text-success' : 'size-5 text-fg-muted'}
                />
                <span className={has ? '' : 'text-fg-muted'}>{amenity}</span>
                <span className="sr-only">{has ? '(available)' : '(not available)'}</span>
              </li>
            );
          })}
        </ul>
        <p className="text-sm text-fg-muted">
          {SETTINGS_MESSAGES.amenitiesNote}{' '}
          <Link to={paths.venue.setup.href()} className="font-medium text-accent underline">
            Go to profile setup
          </Link>
        </p>
      </SettingsSection>
    </>
  );
}
