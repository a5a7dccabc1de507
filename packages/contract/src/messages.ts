/**
 * User-facing text from the spec, word for word (sections 5 and 8). Client and server both
 * use these, so a message can never drift between the form and the API's field errors.
 */
export const AUTH_MESSAGES = {
  usernameTooShort: 'Username must be at least 3 characters',
  usernameTooLong: 'Username must be less than 20 characters',
  usernameCharacters: 'Username can only contain letters, numbers, and underscores',
  invalidEmail: 'Invalid email address',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordTooLong: 'Password must be at most 128 characters',
  passwordUppercase: 'Password must contain at least one uppercase letter',
  passwordLowercase: 'Password must contain at least one lowercase letter',
  passwordNumber: 'Password must contain at least one number',
  passwordsDontMatch: "Passwords don't match",
  passwordRequired: 'Password is required',
} as const;

export const SIGN_UP_MESSAGES = {
  failedTitle: 'Account creation failed',
  usernameExists: 'Username already exists',
  usernameExistsDescription: 'Please choose a different username',
  emailRegistered: 'This email is already registered. Please login instead.',
  invalidEmail: 'Please enter a valid email address.',
  passwordRequirements: 'Password does not meet requirements.',
  noUser: 'Account creation failed - please try again',
  requestTimeout: 'Request timeout - please check your connection',
  signUpTimeout: 'Signup timeout - please try again',
  timeoutDisplayed: 'Connection timeout. Please check your internet and try again.',
  network: 'Network error. Please check your connection.',
  successTitle: 'Account created successfully',
  successDescription: 'Setting up your profile...',
} as const;

export const LOGIN_MESSAGES = {
  failedTitle: 'Login failed',
  noUser: 'No user data returned',
  roleNotFound: 'User role not found',
  profileNotFound: 'User profile not found',
  invalidCredentials: 'Invalid email or password',
  successTitle: 'Login successful',
  successDescription: 'Welcome back!',
} as const;

export const GENERIC_MESSAGES = {
  rateLimited: 'Too many attempts. Please wait a minute and try again.',
  notFound: 'Not found',
  unauthenticated: 'You need to log in first',
  forbidden: 'You are not allowed to do that',
  csrf: 'Request refused: it did not come from this site',
  internal: 'Something went wrong on our side. Please try again.',
  pageNotFound: 'Oops! Page not found',
} as const;
