import { useProfile } from '@/api/profile';
import { SmsNotActive } from '@/components/alerts/sms-not-active';

/**
 * Under the SMS switch while it is on: no text goes out until the profile's phone is verified
 * (the alert match checks it), so say so and lead to the Security tab where that is done.
 */
export function SmsPendingNote() {
  const profile = useProfile('fan');
  const fan = profile.data?.profile;
  if (!fan?.phone || !fan.smsOptIn || fan.phoneVerified) return null;
  return (
    <p className="text-sm text-fg-muted">
      <SmsNotActive />
    </p>
  );
}
