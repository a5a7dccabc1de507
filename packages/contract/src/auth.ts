import { AUTH_MESSAGES } from './messages.ts';
import { ZRole } from './roles.ts';
import { zSingleLineText } from './text-fields.ts';
import { ZEmail, ZPassword, ZUsername } from './user-validation.ts';
import { z } from './z.ts';

/** Sign-up form and POST /api/account/sign-up body (spec "Sign-up", section 5). */
export const ZSignUpRequest = z
  .strictObject({
    username: ZUsername,
    email: ZEmail,
    password: ZPassword,
    confirmPassword: zSingleLineText(),
    role: ZRole,
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: AUTH_MESSAGES.passwordsDontMatch,
    path: ['confirmPassword'],
  });
export type TSignUpRequest = z.infer<typeof ZSignUpRequest>;

/** Login form and POST /api/account/login body. Only presence is checked: rules are sign-up's. */
export const ZLoginRequest = z.strictObject({
  email: ZEmail,
  password: zSingleLineText().min(1, AUTH_MESSAGES.passwordRequired).max(1024),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

/** GET /api/account/username-exists?username_to_check=... (the spec's username_exists). */
export const ZUsernameExistsQuery = z.strictObject({
  username_to_check: zSingleLineText().min(1).max(100),
});
export const ZUsernameExistsResponse = z.object({ exists: z.boolean() });
export type TUsernameExistsResponse = z.infer<typeof ZUsernameExistsResponse>;

/** The signed-in user as the client sees it: who, which role, and whether setup is done. */
export const ZSessionUser = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  role: ZRole,
  profileComplete: z.boolean(),
  createdAt: z.string(),
});
export type TSessionUser = z.infer<typeof ZSessionUser>;

/** GET /api/account/session: `user` is null when nobody is signed in (not an error). */
export const ZSessionResponse = z.object({ user: ZSessionUser.nullable() });
export type TSessionResponse = z.infer<typeof ZSessionResponse>;

/** Body of a successful sign-up or login. */
export const ZAuthResponse = z.object({ user: ZSessionUser });
export type TAuthResponse = z.infer<typeof ZAuthResponse>;
