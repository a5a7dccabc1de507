import { FEEDBACK_MESSAGE_MAX, FEEDBACK_SUBJECT_MAX, PHONE_CODE_LENGTH } from './constants.ts';
import { FEEDBACK_MESSAGES, PROFILE_EXTRA_MESSAGES as X } from './profile-messages.ts';
import { zMultiLineText, zSingleLineText } from './text-fields.ts';
import { z } from './z.ts';

/** GET /api/account/security: what the Security and Account tabs show. */
export const ZAccountSecurity = z.object({
  userId: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  phone: z.string().nullable(),
  phoneVerified: z.boolean(),
  createdAt: z.string(),
});
export type TAccountSecurity = z.infer<typeof ZAccountSecurity>;

/** POST /api/account/phone/verify: the 6-digit code the SMS carried. */
export const ZVerifyPhoneRequest = z.strictObject({
  code: zSingleLineText()
    .trim()
    .regex(new RegExp(`^\\d{${PHONE_CODE_LENGTH}}$`), X.phoneCode),
});
export type TVerifyPhoneRequest = z.infer<typeof ZVerifyPhoneRequest>;

/** POST /api/account/phone/send-code answers when the code stops working. */
export const ZPhoneCodeSent = z.object({ expiresAt: z.string() });
export type TPhoneCodeSent = z.infer<typeof ZPhoneCodeSent>;

/** POST /api/feedback (spec "Feedback dialog"): both fields non-blank. */
export const ZFeedbackRequest = z.strictObject({
  subject: zSingleLineText()
    .trim()
    .min(1, FEEDBACK_MESSAGES.fillAllFields)
    .max(FEEDBACK_SUBJECT_MAX, `Subject must be at most ${FEEDBACK_SUBJECT_MAX} characters`),
  message: zMultiLineText()
    .trim()
    .min(1, FEEDBACK_MESSAGES.fillAllFields)
    .max(FEEDBACK_MESSAGE_MAX, `Message must be at most ${FEEDBACK_MESSAGE_MAX} characters`),
});
export type TFeedbackRequest = z.infer<typeof ZFeedbackRequest>;
export const ZFeedbackConfig = z.object({ supportEmail: z.string() });
export type TFeedbackConfig = z.infer<typeof ZFeedbackConfig>;
/** POST /api/feedback answers with the stored message's id. */
export const ZFeedbackCreated = z.object({ id: z.string() });

/** Stats cards and analytics tabs: counts read from the database (zeros until shows exist). */
export const ZFanStats = z.object({
  showsAttended: z.number().int(),
  showsGoingTo: z.number().int(),
  showsWatching: z.number().int(),
  alertsSet: z.number().int(),
});
export type TFanStats = z.infer<typeof ZFanStats>;
export const ZPerformerStats = z.object({
  totalFollowers: z.number().int(),
  showsPlayed: z.number().int(),
  upcomingShows: z.number().int(),
  alertActivations: z.number().int(),
  averageAttendance: z.number(),
  memberSince: z.string(),
});
export type TPerformerStats = z.infer<typeof ZPerformerStats>;
export const ZVenueStats = z.object({
  eventsHosted: z.number().int(),
  totalAttendance: z.number().int(),
  averageAttendance: z.number(),
  revenue30Days: z.number(),
  memberSince: z.string(),
});
export type TVenueStats = z.infer<typeof ZVenueStats>;

/** POST /api/profile/photo answers with the new photo's URL. */
export const ZPhotoResponse = z.object({ photoUrl: z.string() });

/** When the mail or SMS provider refuses or cannot be reached (503 UNAVAILABLE). */
export const DELIVERY_MESSAGES = {
  emailFailed: 'We could not send the email right now. Please try again later.',
  smsFailed: 'We could not send the text message right now. Please try again later.',
} as const;
