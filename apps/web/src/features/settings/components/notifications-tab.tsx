import {
  ALERT_CHANNELS,
  GENRE_ALERT_TIMING_LABELS,
  GENRE_ALERT_TIMINGS,
  SETTINGS_MESSAGES,
  type TAlertChannel,
  type TNotificationSettings,
  ZNotificationSettings,
} from '@encore/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { CircleAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { SwitchField } from '@/components/form/switch-field';
import { Button } from '@/components/ui/button';
import { reportRequestError, requestErrorMessage } from '@/lib/report-request-error';
import { useUpdateNotifications } from '../api/update-notifications';
import type { PushControl } from '../utils/push-control';
import { MutedArtists } from './muted-artists';
import { SaveButton } from './save-button';
import { SettingsSection } from './settings-section';
import { SmsPendingNote } from './sms-pending-note';

type Values = z.input<typeof ZNotificationSettings>;
type SwitchKey = Exclude<keyof TNotificationSettings, 'genreAlerts' | 'push'>;
/** Each alert channel's switch (push's is drawn apart below: turning it on asks the browser). */
export const CHANNEL_SWITCHES: Record<
  TAlertChannel,
  readonly [label: string, description: string]
> = {
  push: ['Push Notifications', 'Alerts on this device'],
  email: ['Email Notifications', 'Alerts in your inbox'],
  sms: ['SMS Notifications', 'Text messages to your phone'],
};
type Switch = readonly [SwitchKey, string, string];
// Apart from alert emails: each kind of mail has its own one-click unsubscribe.
const SHOW_PALS_EMAIL: Switch = [
  'showPalsEmail',
  'Show Pals Emails',
  'Pal requests, acceptances and invites in your inbox',
];
/** The switches under push's, in ALERT_CHANNELS' order, Show Pals emails beside alert emails. */
const CHANNELS: readonly Switch[] = ALERT_CHANNELS.filter(
  (c): c is Exclude<TAlertChannel, 'push'> => c !== 'push',
).flatMap((channel) => {
  const own: Switch = [channel, ...CHANNEL_SWITCHES[channel]];
  return channel === 'email' ? [own, SHOW_PALS_EMAIL] : [own];
});
const ALERTS: readonly Switch[] = [
  ['newShows', 'New Shows', 'When an artist you follow announces a show'],
  ['ticketSales', 'Ticket Sales', 'When tickets go on sale'],
  ['priceDrops', 'Price Drops', 'When ticket prices fall'],
  ['lineupChanges', 'Lineup Changes', 'When a show you follow changes its lineup'],
  ['showPals', 'Show Pals', 'Pal requests, acceptances and going-together invites'],
];
/** Artist messages (decision 045): always in your notifications from artists you watch. */
const ARTIST_MESSAGES: readonly Switch[] = [
  ['artistMessages', 'Artist Message Emails', 'Messages from artists you watch, in your inbox'],
  [
    'artistMessagesFromGenres',
    'Artists In Your Genres',
    'Messages from artists of your favourite genres you do not watch',
  ],
];

interface NotificationsTabProps {
  initial: TNotificationSettings;
  /** This browser's push subscription (composed in app/); none: the switch is only a setting. */
  push?: PushControl;
}

/** Fan settings > Notifications: channels and alert categories, saved with 'Save Preferences'. */
export function NotificationsTab({ initial, push }: NotificationsTabProps) {
  const { register, handleSubmit, reset, watch, setValue } = useForm<
    Values,
    unknown,
    TNotificationSettings
  >({
    resolver: zodResolver(ZNotificationSettings),
    defaultValues: initial,
  });
  const update = useUpdateNotifications();
  const pushOn = watch('push');
  const smsOn = watch('sms');
  const [askingPush, setAskingPush] = useState(false);
  const [pushProblem, setPushProblem] = useState<string | null>(null);
  // Push saved as on, but this browser holds no subscription: offer to turn it on here.
  const [missingHere, setMissingHere] = useState(false);
  useEffect(() => {
    if (!initial.push || !push) return;
    let current = true;
    push
      .subscribedHere()
      .then((here) => current && setMissingHere(!here))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [initial.push, push]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync(values);
      toast.success(SETTINGS_MESSAGES.preferencesSaved);
      reset(saved.notifications);
    } catch (error) {
      reportRequestError(error, { title: 'Could not save' });
    }
  });

  // Turning push on asks the browser at that moment (a permission prompt needs the click);
  // refused or impossible, the switch stays off and says why.
  const onPushToggle = async (checked: boolean) => {
    setPushProblem(null);
    if (!checked || !push) {
      setValue('push', checked, { shouldDirty: true });
      // The switch goes off either way (saving it stops pushes); a failed drop still says why.
      if (!checked && push) {
        push.disable().catch((error: unknown) => setPushProblem(requestErrorMessage(error)));
      }
      return;
    }
    setAskingPush(true);
    try {
      const result = await push.enable();
      if (result.ok) {
        setValue('push', true, { shouldDirty: true });
        setMissingHere(false);
        toast.success(result.message);
      } else {
        setPushProblem(result.message);
      }
    } catch (error) {
      setPushProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setAskingPush(false);
    }
  };

  const group = (items: typeof CHANNELS) =>
    items.map(([key, label, description]) => (
      <SwitchField key={key} label={label} description={description} {...register(key)} />
    ));

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <SettingsSection title="Notification Channels">
        <div className="flex flex-col gap-4">
          <div className="flex flex-col gap-2">
            <SwitchField
              label={CHANNEL_SWITCHES.push[0]}
              description={CHANNEL_SWITCHES.push[1]}
              name="push"
              checked={pushOn}
              disabled={askingPush}
              aria-busy={askingPush}
              onChange={(event) => void onPushToggle(event.target.checked)}
            />
            {missingHere && pushOn && !pushProblem && (
              <div className="flex flex-col items-start gap-2 rounded-xl border border-line p-3 text-sm sm:flex-row sm:items-center sm:justify-between">
                <p className="text-fg-muted">Push alerts are on, but not in this browser yet.</p>
                <Button
                  type="button"
                  size="sm"
                  variant="secondary"
                  disabled={askingPush}
                  onClick={() => void onPushToggle(true)}
                >
                  Turn on in this browser
                </Button>
              </div>
            )}
            {pushProblem && (
              <p role="alert" className="flex items-start gap-2 text-sm text-danger">
                <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
                {pushProblem}
              </p>
            )}
          </div>
          {group(CHANNELS)}
          {smsOn && <SmsPendingNote />}
        </div>
      </SettingsSection>
      <SettingsSection title="Alert Preferences">
        <div className="flex flex-col gap-4">
          {group(ALERTS)}
          <fieldset className="flex flex-col gap-2">
            <legend className="text-sm font-medium text-fg">New shows near you</legend>
            <p className="text-sm text-fg-muted">
              Shows in your favourite genres within your radius. Artists you watch always alert at
              once.
            </p>
            {GENRE_ALERT_TIMINGS.map((timing) => (
              <label key={timing} className="flex cursor-pointer items-center gap-3 text-sm">
                <input
                  type="radio"
                  value={timing}
                  className="size-4 accent-accent"
                  {...register('genreAlerts')}
                />
                {GENRE_ALERT_TIMING_LABELS[timing]}
              </label>
            ))}
          </fieldset>
        </div>
      </SettingsSection>
      <SettingsSection title="Artist Messages">
        <div className="flex flex-col gap-4">
          <p className="text-sm text-fg-muted">
            Presale codes and news from artists, in your notifications. Mute an artist to stop
            theirs.
          </p>
          {group(ARTIST_MESSAGES)}
          <MutedArtists />
        </div>
      </SettingsSection>
      <SaveButton saving={update.isPending} label="Save Preferences" />
    </form>
  );
}
