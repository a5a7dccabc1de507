import { dateTimeFormat, numberFormat } from '@/lib/intl-format';
/** Read-only figures of an analytics tab, as a definition list. */
export function StatList({ items }: { items: ReadonlyArray<{ label: string; value: string }> }) {
  return (
    <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {items.map(({ label, value }) => (
        <div key={label} className="rounded-xl border border-line bg-surface-raised p-4">
          <dt className="text-sm text-fg-muted">{label}</dt>
          <dd className="mt-1 font-display text-2xl font-semibold">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export const formatCount = (value: number) => numberFormat().format(value);
export const formatMoney = (value: number) =>
  numberFormat({ style: 'currency', currency: 'USD' }).format(value);
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTimeFormat({ dateStyle: 'long' }).format(date);
}
