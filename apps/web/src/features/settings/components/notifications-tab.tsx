import {
  SETTINGS_MESSAGES,
  type TNotificationSettings,
  ZNotificationSettings,
} from '@encore/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { SwitchField } from '@/components/form/switch-field';
import { useUpdateNotifications } from '../api/update-notifications';
import { reportSaveError } from '../utils/report-save-error';
import { SaveButton } from './save-button';
import { SettingsSection } from './settings-section';

type Key = keyof TNotificationSettings;
const CHANNELS: ReadonlyArray<[Key, string, string]> = [
  ['push', 'Push Notifications', 'Alerts on this device'],
  ['email', 'Email Notifications', 'Alerts in your inbox'],
  ['sms', 'SMS Notifications', 'Text messages to your phone'],
];
const ALERTS: ReadonlyArray<[Key, string, string]> = [
  ['newShows', 'New Shows', 'When an artist you follow announces a show'],
  ['ticketSales', 'Ticket Sales', 'When tickets go on sale'],
  ['priceDrops', 'Price Drops', 'When ticket prices fall'],
  ['lineupChanges', 'Lineup Changes', 'When a show you follow changes its lineup'],
];

/** Fan settings > Notifications: channels and alert categories, saved with 'Save Preferences'. */
export function NotificationsTab({ initial }: { initial: TNotificationSettings }) {
  const { register, handleSubmit, reset } = useForm<TNotificationSettings>({
    resolver: zodResolver(ZNotificationSettings),
    defaultValues: initial,
  });
  const update = useUpdateNotifications();

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync(values);
      toast.success(SETTINGS_MESSAGES.preferencesSaved);
      reset(saved.notifications);
    } catch (error) {
      reportSaveError(error, [], () => undefined);
    }
  });

  const group = (items: typeof CHANNELS) =>
    items.map(([key, label, description]) => (
      <SwitchField key={key} label={label} description={description} {...register(key)} />
    ));

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <SettingsSection title="Notification Channels">
        <div className="flex flex-col gap-4">{group(CHANNELS)}</div>
      </SettingsSection>
      <SettingsSection title="Alert Preferences">
        <div className="flex flex-col gap-4">{group(ALERTS)}</div>
      </SettingsSection>
      <SaveButton saving={update.isPending} label="Save Preferences" />
    </form>
  );
}
