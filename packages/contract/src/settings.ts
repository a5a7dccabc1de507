import type { TAlertChannel } from './alert-channels.ts';
import { AUTH_MESSAGES } from './messages.ts';
import { GENRE_ALERT_TIMINGS } from './notifications.ts';
import { PROFILE_VISIBILITIES } from './options.ts';
import { PROFILE_EXTRA_MESSAGES as X } from './profile-messages.ts';
import { zSingleLineText } from './text-fields.ts';
import { ZPassword } from './user-validation.ts';
import { z } from './z.ts';

/** A switch per alert channel: a channel added to ALERT_CHANNELS fails the type check here. */
const CHANNEL_SWITCHES = {
  push: z.boolean(),
  email: z.boolean(),
  sms: z.boolean(),
} satisfies Record<TAlertChannel, z.ZodBoolean>;

/** Fan notification settings (spec "Settings" > Notifications): channels and alert categories. */
export const ZNotificationSettings = z.strictObject({
  ...CHANNEL_SWITCHES,
  newShows: z.boolean(),
  ticketSales: z.boolean(),
  priceDrops: z.boolean(),
  lineupChanges: z.boolean(),
  /** Genre-and-radius alerts instantly or as a daily digest (older clients omit it: instant). */
  genreAlerts: z.enum(GENRE_ALERT_TIMINGS).default('instant'),
  /**
   * Show Pals notices (a request, an acceptance, a going-together invite) in the notification
   * centre, and by email when `showPalsEmail` is on too (older clients omit it: on).
   */
  showPals: z.boolean().default(true),
  /**
   * Show Pals notices by email as well: apart from `email` (alert emails), so that each kind of
   * mail has its own one-click unsubscribe that leaves the other alone (older clients omit it: on).
   */
  showPalsEmail: z.boolean().default(true),
  /**
   * Artist messages (decision 045) by email from artists the fan watches; in the centre they
   * always come, unless the fan muted that artist (older clients omit it: on).
   */
  artistMessages: z.boolean().default(true),
  /**
   * Artist messages from artists of the fan's favourite genres they do not watch, in the centre
   * and (with `artistMessages`) by email: off unless the fan opts in.
   */
  artistMessagesFromGenres: z.boolean().default(false),
});
export type TNotificationSettings = z.infer<typeof ZNotificationSettings>;

/** Fan privacy settings (spec "Settings" > Privacy). */
export const ZPrivacySettings = z.strictObject({
  visibility: z.enum(PROFILE_VISIBILITIES),
  showAttendance: z.boolean(),
  allowFriendRequests: z.boolean(),
});
export type TPrivacySettings = z.infer<typeof ZPrivacySettings>;

/** GET/PUT /api/settings/notifications and /api/settings/privacy (fans). */
export const ZFanSettings = z.object({
  notifications: ZNotificationSettings,
  privacy: ZPrivacySettings,
});
export type TFanSettings = z.infer<typeof ZFanSettings>;

/** POST /api/account/password: the current password plus the sign-up rules for the new one. */
export const ZChangePasswordRequest = z
  .strictObject({
    currentPassword: zSingleLineText().min(1, X.currentPassword).max(1024),
    newPassword: ZPassword,
    confirmPassword: zSingleLineText(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: AUTH_MESSAGES.passwordsDontMatch,
    path: ['confirmPassword'],
  });
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;
