import {
  NO_SOCIAL_LINKS,
  type TPerformerProfile,
  type TPerformerProfileInput,
  ZPerformerProfileInput,
} from '@encore/contract';

export type PerformerFormValues = TPerformerProfileInput;

export const PERFORMER_FIELDS = Object.keys(
  ZPerformerProfileInput.shape,
) as (keyof PerformerFormValues)[];

/** Spec defaults (yearsActive 1, '1 hour', '100-500'), or the saved profile with '' for nulls. */
export function performerDefaults(
  profile: TPerformerProfile | null,
  accountEmail: string,
): PerformerFormValues {
  if (profile) {
    const { photoUrl: _photo, updatedAt: _updated, ...saved } = profile;
    return {
      ...saved,
      bookingAgentEmail: saved.bookingAgentEmail ?? '',
      bookingAgentPhone: saved.bookingAgentPhone ?? '',
      websiteUrl: saved.websiteUrl ?? '',
      spotifyUrl: saved.spotifyUrl ?? '',
      instagramHandle: saved.instagramHandle ?? '',
      facebookPage: saved.facebookPage ?? '',
      twitterHandle: saved.twitterHandle ?? '',
      tiktokHandle: saved.tiktokHandle ?? '',
      youtubeChannel: saved.youtubeChannel ?? '',
    };
  }
  return {
    artistName: '',
    bio: '',
    genres: [],
    email: accountEmail,
    phone: '',
    bookingAgentEmail: '',
    bookingAgentPhone: '',
    websiteUrl: '',
    ...NO_SOCIAL_LINKS,
    yearsActive: 1,
    avgShowLength: '1 hour',
    typicalVenueCapacity: '100-500',
    currentlyTouring: false,
  };
}
