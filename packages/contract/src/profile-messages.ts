/** Profile, settings and account text from the spec (sections 2, 5 and 8), word for word. */
export const FAN_MESSAGES = {
  tagNameTooShort: 'Tag name must be at least 3 characters',
  tagNameTooLong: 'Tag name must be less than 30 characters',
  ageRange: 'Please select an age range',
  gender: 'Please select a gender',
  email: 'Invalid email address',
  phone: 'Phone must be in format (XXX) XXX-XXXX',
  homeCity: 'Please enter your city',
  zipCode: 'ZIP code must be 5 digits',
  genres: 'Please select at least one favorite genre',
  smsNote: 'Reply STOP to opt out',
} as const;

export const PERFORMER_MESSAGES = {
  artistName: 'Artist name is required',
  bio: 'Bio must be less than 500 characters',
  email: 'Invalid email',
  phone: 'Phone must be in format (XXX) XXX-XXXX',
  genres: 'Please select at least one genre',
  yearsActive: 'Years active must be between 0 and 100',
} as const;

export const VENUE_MESSAGES = {
  venueName: 'Venue name is required',
  description: 'Description must be less than 500 characters',
  streetAddress: 'Street address is required',
  city: 'City is required',
  state: 'State is required',
  zipCode: 'ZIP must be 5 digits',
  phone: 'Phone must be (XXX) XXX-XXXX',
  email: 'Invalid email',
  capacity: 'Capacity must be at least 1',
  bookingContactName: 'Booking contact name is required',
  bookingEmail: 'Invalid booking email',
  daysTitle: 'Select days',
  days: 'Please select at least one operating day',
} as const;

/** Our own wording where the spec has none. */
export const PROFILE_EXTRA_MESSAGES = {
  url: 'Please enter a valid URL starting with http:// or https://',
  handle: 'Please enter a valid handle (letters, numbers, dots and underscores)',
  radius: 'Radius must be between 10 and 100 miles',
  state: 'Please enter a US state code such as NY',
  zipUnknown: 'We could not find this ZIP code',
  capacityTooLarge: 'Capacity must be at most 200,000',
  showTime: 'Please enter a time such as 20:00',
  phoneCode: 'Enter the 6-digit code',
  phoneCodeWrong: 'That code is not right. Please check it and try again.',
  phoneCodeExpired: 'That code has expired. Please request a new one.',
  phoneCodeTooManyAttempts: 'Too many wrong codes. Please request a new one.',
  currentPassword: 'Current password is required',
  currentPasswordWrong: 'Current password is incorrect',
  profileMissing: 'Complete your profile first',
  wrongRole: 'This profile belongs to another kind of account',
} as const;

export const SETUP_MESSAGES = {
  selectGenresTitle: 'Select genres',
  notAuthenticated: 'Not authenticated',
  errorTitle: 'Error',
  saveFailed: 'Failed to save profile',
  completeTitle: 'Profile complete!',
  completeDescription: 'Welcome to Encore',
  saving: 'Saving...',
} as const;

export const PHOTO_MESSAGES = {
  invalidTypeTitle: 'Invalid file type',
  invalidType: 'Please select an image file (JPG or PNG)',
  tooLargeTitle: 'File too large',
  tooLarge: 'Image must be less than 5MB',
  failedTitle: 'Upload failed',
  failed: 'Failed to process image',
} as const;

export const SETTINGS_MESSAGES = {
  backToDashboard: 'Back to Dashboard',
  profileUpdatedTitle: 'Profile updated',
  profileUpdatedDescription: 'Your changes have been saved',
  preferencesSaved: 'Preferences saved',
  accountDeletedTitle: 'Account deleted',
  accountDeletedDescription: 'Your account has been permanently deleted',
  deleteConfirm: 'Are you sure you want to delete your account? This action cannot be undone.',
  amenitiesNote: 'To change amenities, return to profile setup.',
} as const;

/**
 * Settings › Profile's home and genres: the home is a ZIP, and the server names its
 * city and state, so what alerts say and where they measure from cannot disagree.
 */
export const HOME_SETTINGS_MESSAGES = {
  genresLabel: 'Favorite Genres',
  homeNow: 'Shows are matched around',
  homeFromNewZip: 'Your city and state will come from the new ZIP code when you save.',
  nearLocation: 'You’re near',
  saveToMakeHome: 'Save Changes to make it your home.',
  useMyLocation: 'Use my location',
  locating: 'Finding you...',
} as const;

export const FEEDBACK_MESSAGES = {
  title: 'Feedback & Support',
  fillAllFields: 'Please fill in all fields',
  submittedTitle: 'Feedback submitted',
  submittedDescription: 'Thank you! Our team will review your message.',
  replyPromise: 'We typically respond within 24 hours',
} as const;
