/** Joins class names, skipping falsy ones (enough for our variants; no merge semantics needed). */
export function cn(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(' ');
}
