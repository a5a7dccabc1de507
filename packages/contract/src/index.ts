import './zod-config.ts';

export * from './account.ts';
export * from './auth.ts';
export * from './client-events.ts';
export * from './constants.ts';
export * from './errors.ts';
export * from './health.ts';
export * from './input-format.ts';
export * from './messages.ts';
export * from './options.ts';
export * from './profile-fields.ts';
export * from './profile-messages.ts';
export * from './profiles.ts';
export * from './roles.ts';
export * from './settings.ts';
export * from './user-validation.ts';
