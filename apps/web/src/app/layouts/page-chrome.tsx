import { ROLE_CARDS, type TSessionUser } from '@encore/contract';

/** The first stop of the Tab key on every page: hidden until focused, it jumps to #main. */
export function SkipToContent() {
  return (
    <a
      href="#main"
      className="sr-only rounded-lg bg-accent px-3 py-2 font-semibold text-on-accent focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50"
    >
      Skip to content
    </a>
  );
}

/** The header's "@username · Role" line for a signed-in user. */
export function SignedInAs({ user }: { user: Pick<TSessionUser, 'username' | 'role'> }) {
  return (
    <p className="min-w-0 truncate text-sm text-fg-muted">
      <span className="font-medium text-fg">@{user.username}</span> · {ROLE_CARDS[user.role].title}
    </p>
  );
}
