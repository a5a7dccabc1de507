import { overCapacityProblem, SHOW_MESSAGES as S, ZShowResults, z } from '@encore/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { CheckboxField } from '@/components/form/checkbox-field';
import { CountField, MoneyField } from '@/components/form/money-field';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { reportRequestError } from '@/lib/report-request-error';
import { type TShowResults, useSaveResults } from '../api/save-results';

interface ResultsValues {
  attendance: string;
  grossRevenue: string;
  merchRevenue: string;
  confirmOverCapacity: boolean;
}
const FIELDS = ['attendance', 'grossRevenue', 'merchRevenue'] as const;
/** Blank is "not entered": absent, which the contract calls required (not "negative"). */
const toNumber = (text: string) => (text.trim() === '' ? undefined : Number(text));
/** Merch is optional: blank is "not entered" (null), not a missing number. */
const toOptionalNumber = (text: string) => (text.trim() === '' ? null : Number(text));
const asText = (value: number | null) => (value === null ? '' : String(value));

/**
 * The contract's ZShowResults over the numbers as typed, and its capacity rule: attendance above
 * the venue's capacity is asked about, as the server will.
 */
function resultsSchema(venueCapacity: number | null) {
  return z.custom<ResultsValues>().transform((values, ctx): TShowResults => {
    const parsed = ZShowResults.safeParse({
      attendance: toNumber(values.attendance),
      grossRevenue: toNumber(values.grossRevenue),
      merchRevenue: toOptionalNumber(values.merchRevenue),
      ...(values.confirmOverCapacity ? { confirmOverCapacity: true } : {}),
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path.map(String) });
      }
      return z.NEVER;
    }
    const tooMany = overCapacityProblem(parsed.data, venueCapacity);
    if (tooMany) {
      ctx.addIssue({ code: 'custom', message: tooMany, path: ['attendance'] });
      return z.NEVER;
    }
    return parsed.data;
  });
}

/**
 * 'Results' (after the show, by whoever enters them: the Encore venue, or the performer at a venue
 * not on Encore): Attendance, Gross Revenue and the optional Merch Revenue, PUT .../results.
 */
export function ResultsForm({
  showId,
  attendance,
  grossRevenue,
  merchRevenue,
  venueCapacity,
}: {
  showId: string;
  /** The Encore venue's capacity; null when the venue is not on Encore. */
  venueCapacity: number | null;
  attendance: number | null;
  grossRevenue: number | null;
  merchRevenue: number | null;
}) {
  const titleId = useId();
  const form = useForm<ResultsValues, unknown, TShowResults>({
    resolver: zodResolver(resultsSchema(venueCapacity)),
    reValidateMode: 'onChange',
    defaultValues: {
      attendance: asText(attendance),
      grossRevenue: asText(grossRevenue),
      merchRevenue: asText(merchRevenue),
      confirmOverCapacity: false,
    },
  });
  const save = useSaveResults(showId);
  const { errors } = form.formState;
  const typed = toNumber(form.watch('attendance'));
  const overCapacity = venueCapacity !== null && typed !== undefined && typed > venueCapacity;

  const onSubmit = form.handleSubmit((results) =>
    save.mutate(results, {
      onSuccess: () => toast.success('Results saved'),
      onError: (error) =>
        reportRequestError(error, {
          title: 'Could not save the results',
          fields: {
            names: FIELDS,
            set: (field, message) =>
              form.setError(field, { type: 'server', message }, { shouldFocus: true }),
          },
        }),
    }),
  );

  return (
    <Card id="results" className="p-5 sm:p-6">
      <section aria-labelledby={titleId} className="flex flex-col gap-5">
        <h2 id={titleId} className="font-display text-lg font-semibold">
          Results
        </h2>
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
          <div className="grid gap-5 sm:grid-cols-2">
            <CountField
              label="Attendance"
              required
              error={errors.attendance?.message}
              {...form.register('attendance')}
            />
            <MoneyField
              label="Gross Revenue"
              required
              error={errors.grossRevenue?.message}
              {...form.register('grossRevenue')}
            />
            <MoneyField
              label="Merch Revenue"
              hint="Optional: leave blank if no merchandise was sold or you do not know"
              error={errors.merchRevenue?.message}
              {...form.register('merchRevenue')}
            />
          </div>
          {overCapacity && (
            <CheckboxField
              label={S.confirmOverCapacity}
              {...form.register('confirmOverCapacity', {
                onChange: () => form.trigger('attendance'),
              })}
            />
          )}
          <Button type="submit" disabled={save.isPending} className="w-full sm:w-auto sm:self-end">
            {save.isPending && <Spinner />}
            Save Results
          </Button>
        </form>
      </section>
    </Card>
  );
}
