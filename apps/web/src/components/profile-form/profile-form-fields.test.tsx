import { VENUE_CAPACITY_MAX } from '@encore/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { type FieldValues, FormProvider, useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { EmailField, ProfilePhoneField } from './contact-fields';
import { HomeCityField, TagNameField } from './fan-fields';
import {
  ArtistNameField,
  BioField,
  BookingAgentFields,
  CurrentlyTouringField,
  PerformerLinkField,
} from './performer-fields';
import {
  MaxCapacityField,
  VenueAddressFields,
  VenueBookingContactFields,
  VenueDescriptionField,
  VenueNameField,
  VenueWebsiteField,
} from './venue-fields';

// The shared sections of the setup forms and the settings tabs, each in a bare form: what they
// render, and that a server's field error set on the form shows under the field it names.

let submitted: FieldValues | undefined;

function InForm({
  values,
  serverErrors = {},
  children,
}: {
  values: FieldValues;
  serverErrors?: Record<string, string>;
  children: ReactNode;
}) {
  const form = useForm({ defaultValues: values });
  const onSubmit = form.handleSubmit((data) => {
    submitted = data;
    for (const [name, message] of Object.entries(serverErrors))
      form.setError(name, { type: 'server', message });
  });
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={onSubmit}>
        {children}
        <button type="submit">Save</button>
      </form>
    </FormProvider>
  );
}

function renderInForm(ui: ReactNode, values: FieldValues, serverErrors?: Record<string, string>) {
  submitted = undefined;
  const user = userEvent.setup();
  render(
    <InForm values={values} serverErrors={serverErrors}>
      {ui}
    </InForm>,
  );
  return { user, save: () => user.click(screen.getByRole('button', { name: 'Save' })) };
}

const input = (label: string) => screen.getByLabelText<HTMLInputElement>(label, { exact: true });

/** The error line under a field, found through the input's aria-describedby. */
function errorUnder(label: string): string | null {
  const field = input(label);
  if (field.getAttribute('aria-invalid') !== 'true') return null;
  const ids = field.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

describe('fan profile fields', () => {
  it('render tag name, email, phone and home city, and show server errors under them', async () => {
    const fan = { tagName: 'Dee', email: 'dee@example.test', phone: '', homeCity: 'Austin' };
    const errors = {
      tagName: 'Tag name taken',
      email: 'Email taken',
      phone: 'Bad phone',
      homeCity: 'Bad city',
    };
    const { user, save } = renderInForm(
      <>
        <TagNameField />
        <EmailField />
        <ProfilePhoneField />
        <HomeCityField />
      </>,
      fan,
      errors,
    );
    expect(input('Tag Name').value).toBe('Dee');
    expect(input('Tag Name').autocomplete).toBe('nickname');
    expect(input('Email').type).toBe('email');
    expect(input('Email').autocomplete).toBe('email');
    expect(input('Phone').type).toBe('tel');
    expect(input('Phone').autocomplete).toBe('tel');
    expect(input('Home City').autocomplete).toBe('address-level2');
    await user.type(input('Phone'), '5551234567');
    expect(input('Phone').value).toBe('(555) 123-4567');
    await save();
    expect(submitted).toEqual({ ...fan, phone: '(555) 123-4567' });
    expect(errorUnder('Tag Name')).toBe('Tag name taken');
    expect(errorUnder('Email')).toBe('Email taken');
    expect(errorUnder('Phone')).toBe('Bad phone');
    expect(errorUnder('Home City')).toBe('Bad city');
  });

  it('takes the venue setup labels and the required marks of the performer setup', () => {
    renderInForm(
      <>
        <EmailField label="Venue Email" required />
        <ProfilePhoneField label="Venue Phone" required />
      </>,
      { email: '', phone: '' },
    );
    expect(input('Venue Email').getAttribute('aria-required')).toBe('true');
    expect(input('Venue Phone').getAttribute('aria-required')).toBe('true');
    expect(input('Venue Phone').autocomplete).toBe('tel');
  });
});

describe('performer profile fields', () => {
  it('render as the setup form asks (required, autofill, placeholder) or plain as settings', () => {
    renderInForm(
      <>
        <ArtistNameField required autoComplete="organization" />
        <BioField placeholder="Tell fans about your music" />
      </>,
      { artistName: '', bio: 'Loud' },
    );
    expect(input('Artist Name').getAttribute('aria-required')).toBe('true');
    expect(input('Artist Name').autocomplete).toBe('organization');
    expect(input('Bio').getAttribute('placeholder')).toBe('Tell fans about your music');
    expect(screen.getByText('4/500')).toBeTruthy();
  });

  it('settings: no required mark, no autofill hint, no placeholder', () => {
    renderInForm(
      <>
        <ArtistNameField />
        <BioField />
      </>,
      { artistName: 'Band', bio: '' },
    );
    expect(input('Artist Name').getAttribute('aria-required')).toBeNull();
    expect(input('Artist Name').getAttribute('autocomplete')).toBeNull();
    expect(input('Bio').getAttribute('placeholder')).toBeNull();
  });

  it('render the booking agent, the links and the touring switch, with errors under them', async () => {
    const values = {
      bookingAgentEmail: '',
      bookingAgentPhone: null,
      websiteUrl: '',
      spotifyUrl: '',
      currentlyTouring: false,
    };
    const { user, save } = renderInForm(
      <>
        <BookingAgentFields />
        <PerformerLinkField name="websiteUrl" />
        <PerformerLinkField name="spotifyUrl" autoComplete="off" />
        <CurrentlyTouringField />
      </>,
      values,
      { bookingAgentPhone: 'Bad phone', spotifyUrl: 'Bad link' },
    );
    expect(input('Booking Agent Email').type).toBe('email');
    expect(input('Booking Agent Phone').value).toBe('');
    expect(input('Booking Agent Phone').autocomplete).toBe('off');
    expect(input('Website URL').type).toBe('url');
    expect(input('Website URL').getAttribute('placeholder')).toBe('https://');
    expect(input('Website URL').getAttribute('autocomplete')).toBeNull();
    expect(input('Spotify URL').getAttribute('placeholder')).toBe(
      'https://open.spotify.com/artist/…',
    );
    expect(input('Spotify URL').autocomplete).toBe('off');
    await user.click(screen.getByRole('switch', { name: 'Currently Touring' }));
    await save();
    expect(submitted).toEqual({ ...values, currentlyTouring: true });
    expect(errorUnder('Booking Agent Phone')).toBe('Bad phone');
    expect(errorUnder('Spotify URL')).toBe('Bad link');
  });
});

describe('venue profile fields', () => {
  const venue = {
    venueName: 'The Roost',
    description: '',
    websiteUrl: '',
    streetAddress: '1 Main St',
    city: 'Austin',
    state: '',
    zipCode: '',
    bookingContactName: 'Sam',
    bookingEmail: 'book@roost.example',
    bookingPhone: '',
    maxCapacity: 100,
  };

  it('render name, description (cut at 500), website, address and booking contact', async () => {
    const { user, save } = renderInForm(
      <>
        <VenueNameField autoComplete="organization" />
        <VenueDescriptionField placeholder="What makes your venue special?" />
        <VenueWebsiteField />
        <VenueAddressFields gap="gap-5" />
        <VenueBookingContactFields />
        <MaxCapacityField withMax />
      </>,
      venue,
      { zipCode: 'Bad ZIP', bookingEmail: 'Bad email', maxCapacity: 'Too many' },
    );
    expect(input('Venue Name').autocomplete).toBe('organization');
    expect(input('Description').getAttribute('placeholder')).toBe('What makes your venue special?');
    expect(input('Website').getAttribute('placeholder')).toBe('https://');
    expect(input('Street Address').autocomplete).toBe('street-address');
    expect(input('City').autocomplete).toBe('address-level2');
    expect(input('Booking Contact Name').autocomplete).toBe('name');
    expect(input('Booking Phone').autocomplete).toBe('off');
    expect(input('Max Capacity').max).toBe(String(VENUE_CAPACITY_MAX));
    await user.click(input('Description'));
    await user.paste('x'.repeat(520));
    await user.type(input('State'), 'ca');
    await user.type(input('ZIP Code'), '78-701');
    await user.clear(input('Max Capacity'));
    await user.type(input('Max Capacity'), '250');
    await save();
    expect(submitted).toEqual({
      ...venue,
      description: 'x'.repeat(500),
      state: 'CA',
      zipCode: '78701',
      maxCapacity: 250,
    });
    expect(errorUnder('ZIP Code')).toBe('Bad ZIP');
    expect(errorUnder('Booking Email')).toBe('Bad email');
    expect(errorUnder('Max Capacity')).toBe('Too many');
  });

  it('settings: plain name and description, capacity with no upper bound, a blank one NaN', async () => {
    const { user, save } = renderInForm(
      <>
        <VenueNameField />
        <VenueDescriptionField />
        <MaxCapacityField />
      </>,
      venue,
    );
    expect(input('Venue Name').getAttribute('autocomplete')).toBeNull();
    expect(input('Description').getAttribute('placeholder')).toBeNull();
    expect(input('Max Capacity').getAttribute('max')).toBeNull();
    await user.clear(input('Max Capacity'));
    await save();
    expect(submitted?.maxCapacity).toBeNaN();
  });
});
