import {
  AMENITIES,
  SETTINGS_MESSAGES,
  type TVenueProfile,
  ZVenueProfileInput,
} from '@encore/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Check, X } from 'lucide-react';
import { FormProvider, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { MaxCapacityField } from '@/components/profile-form/venue-fields';
import { paths } from '@/config/paths';
import { useSaveProfile } from '../utils/use-save-profile';
import { SaveButton } from './save-button';
import { SettingsSection } from './settings-section';

const ZTab = ZVenueProfileInput.pick({ maxCapacity: true });

/** Venue settings > Amenities: capacity is editable; amenities are changed in profile setup. */
export function VenueAmenitiesTab({ profile }: { profile: TVenueProfile }) {
  const form = useForm<z.input<typeof ZTab>, unknown, z.output<typeof ZTab>>({
    resolver: zodResolver(ZTab),
    defaultValues: { maxCapacity: profile.maxCapacity },
  });
  const { save, saving } = useSaveProfile('venue');
  const { handleSubmit, setError } = form;

  const onSubmit = handleSubmit((values) =>
    save(values, ['maxCapacity'] as const, (field, message) =>
      setError(field, { type: 'server', message }, { shouldFocus: true }),
    ),
  );

  return (
    <>
      <SettingsSection title="Capacity">
        <FormProvider {...form}>
          <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
            <MaxCapacityField />
            <SaveButton saving={saving} />
          </form>
        </FormProvider>
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
