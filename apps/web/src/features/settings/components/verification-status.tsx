import { CircleCheck, CircleDashed } from 'lucide-react';

/** 'Verified' / 'Not verified', in words and colour. */
export function VerificationStatus({ verified }: { verified: boolean }) {
  const Icon = verified ? CircleCheck : CircleDashed;
  return (
    <span
      className={
        verified
          ? 'inline-flex items-center gap-1.5 text-sm font-medium text-success'
          : 'inline-flex items-center gap-1.5 text-sm font-medium text-fg-muted'
      }
    >
      <Icon aria-hidden className="size-4" />
      {verified ? 'Verified' : 'Not verified'}
    </span>
  );
}
