import { dateTimeFormat } from '@/lib/intl-format';
/**
 * The same feed as a webcal:// URL: calendar apps (Apple Calendar, Outlook) open it as a
 * subscription that keeps refreshing instead of importing the events once.
 */
export function webcalUrl(url: string): string {
  return url.replace(/^https?:\/\//i, 'webcal://');
}

export function formatCreated(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTimeFormat({ dateStyle: 'medium' }).format(date);
}
