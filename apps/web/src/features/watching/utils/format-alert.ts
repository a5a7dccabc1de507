import { dateTimeFormat } from '@/lib/intl-format';
/** 'Night Static' → 'NS': the face of an artist without a photo. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0] ?? '', words.at(-1) ?? ''] : words;
  return letters.map((w) => w.charAt(0).toUpperCase()).join('') || '?';
}

/** 'Nov 1, 2026', in the fan's own time zone (it is the day they set the alert). */
export function formatSince(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTimeFormat({ dateStyle: 'medium' }).format(date);
}
