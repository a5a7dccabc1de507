export * from './auth.ts';
export * from './rate-limit.ts';
