import { BIO_MAX, type TPerformerProfileInput } from '@encore/contract';
import { useFormContext } from 'react-hook-form';
import { SwitchField } from '@/components/form/switch-field';
import { TextField } from '@/components/form/text-field';
import { TextareaField } from '@/components/form/textarea-field';
import { ProfilePhoneField } from './contact-fields';
import { useControlledTextField, useRegisteredField } from './form-bindings';

type PerformerName = keyof TPerformerProfileInput;

/** The setup form marks it required and lets the browser fill it in as an organisation name. */
export function ArtistNameField({
  required,
  autoComplete,
}: {
  required?: boolean;
  autoComplete?: 'organization';
}) {
  const artistName = useRegisteredField('artistName' satisfies PerformerName);
  return (
    <TextField
      label="Artist Name"
      required={required}
      autoComplete={autoComplete}
      {...artistName}
    />
  );
}

export function BioField({ placeholder }: { placeholder?: string }) {
  const bio = useControlledTextField('bio' satisfies PerformerName);
  return <TextareaField label="Bio" max={BIO_MAX} placeholder={placeholder} {...bio} />;
}

/** The booking agent's email and phone: optional, an empty one is saved as none. */
export function BookingAgentFields() {
  const email = useRegisteredField('bookingAgentEmail' satisfies PerformerName);
  return (
    <>
      <TextField label="Booking Agent Email" type="email" {...email} />
      <ProfilePhoneField name="bookingAgentPhone" label="Booking Agent Phone" autoComplete="off" />
    </>
  );
}

/** The performer's links, in the setup form's order (settings shows the first two). */
export const PERFORMER_LINKS = [
  { name: 'websiteUrl', label: 'Website URL', type: 'url', placeholder: 'https://' },
  {
    name: 'spotifyUrl',
    label: 'Spotify URL',
    type: 'url',
    placeholder: 'https://open.spotify.com/artist/…',
  },
  { name: 'instagramHandle', label: 'Instagram Handle', type: 'text', placeholder: '@yourband' },
  {
    name: 'facebookPage',
    label: 'Facebook Page',
    type: 'url',
    placeholder: 'https://facebook.com/…',
  },
  { name: 'twitterHandle', label: 'Twitter Handle', type: 'text', placeholder: '@yourband' },
  { name: 'tiktokHandle', label: 'TikTok Handle', type: 'text', placeholder: '@yourband' },
  {
    name: 'youtubeChannel',
    label: 'YouTube Channel',
    type: 'url',
    placeholder: 'https://youtube.com/@…',
  },
] as const satisfies readonly {
  name: PerformerName;
  label: string;
  type: string;
  placeholder: string;
}[];

type LinkName = (typeof PERFORMER_LINKS)[number]['name'];

/** One of the performer's links; setup turns the browser's autofill off for them. */
export function PerformerLinkField({
  name,
  autoComplete,
}: {
  name: LinkName;
  autoComplete?: 'off';
}) {
  const link = PERFORMER_LINKS.find((candidate) => candidate.name === name) ?? PERFORMER_LINKS[0];
  const registered = useRegisteredField(name);
  return (
    <TextField
      label={link.label}
      type={link.type}
      placeholder={link.placeholder}
      autoComplete={autoComplete}
      {...registered}
    />
  );
}

export function CurrentlyTouringField() {
  const { register } = useFormContext();
  return (
    <SwitchField
      label="Currently Touring"
      {...register('currentlyTouring' satisfies PerformerName)}
    />
  );
}
