import {
  HOME_SETTINGS_MESSAGES as H,
  LOCATION_MESSAGES,
  type TFanLocation,
  type TFanProfile,
} from '@encore/contract';
import { LocateFixed } from 'lucide-react';
import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useSaveLocation } from '@/api/fan-location';
import {
  FavoriteGenresField,
  HomeZipField,
  RadiusField,
} from '@/components/profile-form/fan-fields';
import { Button } from '@/components/ui/button';
import { currentPosition } from '@/lib/current-position';
import { reportRequestError } from '@/lib/report-request-error';

const place = (where: { city: string; state: string }) => `${where.city}, ${where.state}`;

/**
 * The fan's home and taste in Settings › Profile: the home ZIP (typed, or the nearest ZIP to the
 * browser's position through the location step's own lookup), the concert radius and the
 * favourite genres. The city is never typed: the server names it from the ZIP on save.
 */
export function FanHomeFields({ profile }: { profile: TFanProfile }) {
  const [located, setLocated] = useState<TFanLocation | null>(null);
  const zipCode = useWatch({ name: 'zipCode' }) as string | undefined;
  return (
    <>
      <HomeZipField hint={<HomeHint profile={profile} zipCode={zipCode} located={located} />} />
      <UseMyLocation onLocated={setLocated} />
      <RadiusField />
      <FavoriteGenresField label={H.genresLabel} />
    </>
  );
}

/** Where alerts measure from now, or what the ZIP on screen will become once saved. */
function HomeHint({
  profile,
  zipCode,
  located,
}: {
  profile: TFanProfile;
  zipCode: string | undefined;
  located: TFanLocation | null;
}) {
  if (zipCode === profile.zipCode) {
    const home = { city: profile.homeCity, state: profile.homeState };
    return <>{`${H.homeNow} ${place(home)} ${profile.zipCode}.`}</>;
  }
  if (located && zipCode === located.zipCode) {
    return <>{`${H.nearLocation} ${place(located)} ${located.zipCode}. ${H.saveToMakeHome}`}</>;
  }
  return <>{H.homeFromNewZip}</>;
}

/** Fills the ZIP with the nearest US ZIP to the browser's position; saving is still the fan's. */
function UseMyLocation({ onLocated }: { onLocated: (location: TFanLocation) => void }) {
  const { setValue } = useFormContext();
  const saveLocation = useSaveLocation();
  const [finding, setFinding] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const locate = async () => {
    setFinding(true);
    setProblem(null);
    try {
      const found = await currentPosition();
      if (!found.ok) {
        setProblem(LOCATION_MESSAGES[found.reason]);
        return;
      }
      const answer = await saveLocation.mutateAsync(found.position);
      // Unresolved: no US ZIP near the position, so the server kept a fallback; not a home.
      if (!answer.resolved || answer.location?.source !== 'device') {
        setProblem(LOCATION_MESSAGES.outside);
        return;
      }
      onLocated(answer.location);
      setValue('zipCode', answer.location.zipCode, { shouldDirty: true, shouldValidate: true });
    } catch (error) {
      reportRequestError(error, { title: 'Could not find your location' });
    } finally {
      setFinding(false);
    }
  };

  return (
    <div className="flex flex-col items-start gap-2">
      <Button
        type="button"
        variant="secondary"
        size="sm"
        onClick={locate}
        disabled={finding}
        aria-busy={finding}
      >
        <LocateFixed aria-hidden className="size-4" />
        {finding ? H.locating : H.useMyLocation}
      </Button>
      <p role="status" className="text-sm text-fg-muted empty:hidden">
        {problem}
      </p>
    </div>
  );
}
