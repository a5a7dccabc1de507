import {
  PROFILE_VISIBILITIES,
  PROFILE_VISIBILITY_LABELS,
  SETTINGS_MESSAGES,
  type TPrivacySettings,
  ZPrivacySettings,
} from '@encore/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { SelectField } from '@/components/form/select-field';
import { SwitchField } from '@/components/form/switch-field';
import { reportRequestError } from '@/lib/report-request-error';
import { useUpdatePrivacy } from '../api/update-privacy';
import { SaveButton } from './save-button';
import { SettingsSection } from './settings-section';

const OPTIONS = PROFILE_VISIBILITIES.map((value) => ({
  value,
  label: PROFILE_VISIBILITY_LABELS[value],
}));
const FIELDS = ['visibility', 'showAttendance', 'allowFriendRequests'] as const;

/** Fan settings > Privacy: who sees the profile and attendance, and friend requests. */
export function PrivacyTab({ initial }: { initial: TPrivacySettings }) {
  const { register, handleSubmit, setError, reset, formState } = useForm<TPrivacySettings>({
    resolver: zodResolver(ZPrivacySettings),
    defaultValues: initial,
  });
  const update = useUpdatePrivacy();

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync(values);
      toast.success(SETTINGS_MESSAGES.preferencesSaved);
      reset(saved.privacy);
    } catch (error) {
      reportRequestError(error, {
        title: 'Could not save',
        fields: {
          names: FIELDS,
          set: (field, message) =>
            setError(field, { type: 'server', message }, { shouldFocus: true }),
        },
      });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <SettingsSection title="Privacy">
        <div className="flex flex-col gap-5">
          <SelectField
            label="Profile Visibility"
            options={OPTIONS}
            defaultValue={initial.visibility}
            error={formState.errors.visibility?.message}
            {...register('visibility')}
          />
          <SwitchField
            label="Show Attendance Publicly"
            description="Others can see which shows you are going to"
            {...register('showAttendance')}
          />
          <SwitchField
            label="Allow Friend Requests"
            description="Other fans can send you Show Pal requests"
            {...register('allowFriendRequests')}
          />
        </div>
      </SettingsSection>
      <SaveButton saving={update.isPending} label="Save Privacy Settings" />
    </form>
  );
}
