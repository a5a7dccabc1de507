import { GENDER_LABELS, SMALL_GROUP_MIN, type TVenueDashboard } from '@encore/contract';
import { ValueTable } from '@/components/charts/value-table';
import { FigureCard } from '@/components/dashboard/figure-card';
import { formatCount } from '@/components/dashboard/format';

type Audience = TVenueDashboard['audience'];

/** What a breakdown cell under SMALL_GROUP_MIN fans says instead of its number. */
export const NOT_ENOUGH_DATA = 'not enough data';

const guarded = (fans: number | null) => (fans === null ? NOT_ENOUGH_DATA : formatCount(fans));
const smallGroupRule = `Any group under ${SMALL_GROUP_MIN} fans shows "${NOT_ENOUGH_DATA}", so no one can be singled out.`;

/** Average age, gender split, age ranges and top ZIP codes of the period's audience. */
export function AudienceFigures({ audience, period }: { audience: Audience; period: number }) {
  const fans = `${formatCount(audience.fans)} ${audience.fans === 1 ? 'fan' : 'fans'} going or went in the last ${period} days`;
  return (
    <>
      <FigureCard
        title="Average age"
        value={
          audience.averageAge === null ? NOT_ENOUGH_DATA : `${Math.round(audience.averageAge)}`
        }
        detail={fans}
        definition={`Fans who marked your shows in the period as going or attended, each once per show. Their age is the middle of the age range in their profile (25–34 counts as 29.5). ${smallGroupRule}`}
      />
      <FigureCard
        title="Top ZIP codes"
        definition={`The three home ZIP codes with the most of these fans, with their city. Only ZIP codes with at least ${SMALL_GROUP_MIN} fans are listed.`}
      >
        {audience.topZips.length === 0 ? (
          <p className="text-sm text-fg-muted">
            {NOT_ENOUGH_DATA[0]?.toUpperCase()}
            {NOT_ENOUGH_DATA.slice(1)}: no ZIP code has {SMALL_GROUP_MIN} fans yet.
          </p>
        ) : (
          <ol className="flex flex-col gap-2">
            {audience.topZips.map((z) => (
              <li key={z.zipCode} className="flex items-baseline justify-between gap-3">
                <span className="break-words">
                  {z.zipCode} · {z.city}, {z.state}
                </span>
                <span className="shrink-0 tabular-nums text-fg-muted">
                  {formatCount(z.fans)} fans
                </span>
              </li>
            ))}
          </ol>
        )}
      </FigureCard>
      <FigureCard
        title="Gender split"
        definition={`The gender the same fans chose in their profile. ${smallGroupRule}`}
      >
        <Breakdown
          caption="Fans by gender"
          heading="Gender"
          rows={audience.genders.map((g) => ({ label: GENDER_LABELS[g.gender], fans: g.fans }))}
        />
      </FigureCard>
      <FigureCard
        title="Age ranges"
        definition={`The age range the same fans chose in their profile. ${smallGroupRule}`}
      >
        <Breakdown
          caption="Fans by age range"
          heading="Age range"
          rows={audience.ageRanges.map((a) => ({ label: a.ageRange, fans: a.fans }))}
        />
      </FigureCard>
    </>
  );
}

interface BreakdownProps {
  caption: string;
  heading: string;
  rows: ReadonlyArray<{ label: string; fans: number | null }>;
}

/** Fans per group; a small group's cell says so instead of its count. */
function Breakdown({ caption, heading, rows }: BreakdownProps) {
  return (
    <ValueTable
      caption={caption}
      labelHeading={heading}
      valueHeading="Fans"
      headingsHidden
      rows={rows.map((r) => ({ label: r.label, value: guarded(r.fans), muted: r.fans === null }))}
    />
  );
}
