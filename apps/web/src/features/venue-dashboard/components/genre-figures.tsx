import type { TVenueDashboard } from '@encore/contract';
import { Download } from 'lucide-react';
import { BarChart } from '@/components/charts/bar-chart';
import { TrendChart } from '@/components/charts/trend-chart';
import { FigureCard } from '@/components/dashboard/figure-card';
import { formatCount, formatDollars, formatMonth } from '@/components/dashboard/format';
import { Button } from '@/components/ui/button';
import { downloadCsv, genreCsvFileName, genreTableCsv } from '../utils/genre-csv';

interface GenreFiguresProps {
  data: TVenueDashboard;
  /** Names the downloaded file (the venue account's name). */
  venueLabel: string;
}

const cell = 'py-2 pr-2 sm:pr-3 text-right tabular-nums last:pr-0';

/** Events, attendance and revenue per genre: the table with totals, its CSV, and the two charts. */
export function GenreFigures({ data, venueLabel }: GenreFiguresProps) {
  const { genres, totals, period } = data;
  return (
    <>
      <FigureCard
        title="Shows by genre"
        definition="Your past confirmed shows in the period, not cancelled, grouped by the show's genre. Attendance and gross revenue come from the results entered for each show; shows without results count as events only."
      >
        {genres.length === 0 ? (
          <p className="text-sm text-fg-muted">
            No shows in the last {period} days. Announce shows in My Shows, and enter their results
            afterwards to see attendance and revenue here.
          </p>
        ) : (
          <>
            {/* No horizontal scroll: four short columns fit a 320 px phone, and a scrolling box would need its own keyboard focus. */}
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Shows by genre, last {period} days</caption>
              <thead className="text-fg-muted">
                <tr>
                  <th scope="col" className="py-2 pr-2 sm:pr-3 font-medium">
                    Genre
                  </th>
                  <th scope="col" className={`${cell} font-medium`}>
                    Events
                  </th>
                  <th scope="col" className={`${cell} font-medium`}>
                    Attendance
                  </th>
                  <th scope="col" className={`${cell} font-medium`}>
                    Gross revenue
                  </th>
                </tr>
              </thead>
              <tbody>
                {genres.map((g) => (
                  <tr key={g.genre} className="border-t border-line">
                    <th scope="row" className="py-2 pr-2 sm:pr-3 font-normal">
                      {g.genre}
                    </th>
                    <td className={cell}>{formatCount(g.events)}</td>
                    <td className={cell}>{formatCount(g.attendance)}</td>
                    <td className={cell}>{formatDollars(g.grossRevenue)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot className="font-semibold">
                <tr className="border-t-2 border-line-strong">
                  <th scope="row" className="py-2 pr-2 sm:pr-3">
                    Total
                  </th>
                  <td className={cell}>{formatCount(totals.events)}</td>
                  <td className={cell}>{formatCount(totals.attendance)}</td>
                  <td className={cell}>{formatDollars(totals.grossRevenue)}</td>
                </tr>
              </tfoot>
            </table>
            <div>
              <Button
                variant="secondary"
                size="sm"
                onClick={() =>
                  downloadCsv(genreCsvFileName(venueLabel, period), genreTableCsv(data))
                }
              >
                <Download aria-hidden className="size-4" />
                Download CSV
              </Button>
            </div>
          </>
        )}
      </FigureCard>
      {genres.length > 0 && (
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          <FigureCard
            title="Attendance by genre"
            definition="The attendance column of the table above, as bars."
          >
            <BarChart
              captionHidden
              caption={`Attendance by genre, last ${period} days`}
              labelHeading="Genre"
              valueHeading="Attendance"
              points={genres.map((g) => ({ label: g.genre, value: g.attendance }))}
            />
          </FigureCard>
          <FigureCard
            title="Monthly attendance"
            definition="Attendance entered in results for your shows, per calendar month (UTC) touched by the period."
          >
            <TrendChart
              captionHidden
              caption={`Attendance per month, last ${period} days`}
              labelHeading="Month"
              valueHeading="Attendance"
              points={data.monthlyAttendance.map((m) => ({
                label: formatMonth(m.month),
                value: m.attendance,
              }))}
            />
          </FigureCard>
        </div>
      )}
    </>
  );
}
