import { ALERT_MESSAGES } from '@encore/contract';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/** Why a chosen SMS channel stays silent (no verified phone), and the link to verify it. */
export function SmsNotActive() {
  return (
    <>
      {ALERT_MESSAGES.smsNotActive}{' '}
      <Link
        to={paths.fan.verifyPhone.href()}
        className="font-semibold text-accent underline-offset-4 hover:underline"
      >
        {ALERT_MESSAGES.verifyPhone}
      </Link>
    </>
  );
}
