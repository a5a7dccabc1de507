import './zod-config.ts';

export * from './auth.ts';
export * from './client-events.ts';
export * from './constants.ts';
export * from './errors.ts';
export * from './health.ts';
export * from './messages.ts';
export * from './roles.ts';
export * from './user-validation.ts';
