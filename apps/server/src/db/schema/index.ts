export * from './alerts.ts';
export * from './auth.ts';
export * from './feedback.ts';
export * from './phone-verification.ts';
export * from './profiles.ts';
export * from './rate-limit.ts';
export * from './settings.ts';
export * from './shows.ts';
