import { ExternalLink } from 'lucide-react';

interface LinkItem {
  label: string;
  href: string | null;
}

/** Website / Spotify / Instagram style links; opens outside Encore, so a new tab. */
export function ExternalLinks({ links }: { links: LinkItem[] }) {
  const present = links.filter((l): l is { label: string; href: string } => Boolean(l.href));
  if (present.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2">
      {present.map((link) => (
        <li key={link.label}>
          <a
            href={link.href}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex h-9 items-center gap-2 rounded-xl border border-line-strong px-3 text-sm font-semibold hover:border-accent hover:text-accent-strong"
          >
            {link.label}
            <ExternalLink aria-hidden className="size-4" />
          </a>
        </li>
      ))}
    </ul>
  );
}

/** '@nightstatic' or 'nightstatic' → the profile URL. */
export const instagramUrl = (handle: string | null) =>
  handle ? `https://www.instagram.com/${encodeURIComponent(handle.replace(/^@/, ''))}/` : null;
