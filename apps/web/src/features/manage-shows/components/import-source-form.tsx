import {
  SHOW_IMPORT_MESSAGES as M,
  SHOW_IMPORT_MAX_BYTES,
  type TShowImportSource,
  ZShowImportSource,
} from '@encore/contract';
import { type FormEvent, useState } from 'react';
import { FormField } from '@/components/form/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';

export type ImportSourceErrors = { file?: string; url?: string };

/**
 * Where the shows come from: a .ics or .csv file (read here, checked against the same schema and
 * size limit as the server), or an iCalendar URL the server fetches. `onSource` previews it;
 * `errors` are the server's (a malformed file, a URL that did not answer) under their field.
 */
export function ImportSourceForm({
  pending,
  errors,
  onSource,
}: {
  pending: boolean;
  errors: ImportSourceErrors;
  onSource: (source: TShowImportSource) => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [url, setUrl] = useState('');
  const [own, setOwn] = useState<ImportSourceErrors>({});
  const shown = { ...errors, ...own };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = await sourceOf(file, url.trim());
    setOwn('problem' in checked ? checked.problem : {});
    if ('source' in checked) onSource(checked.source);
  };

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4">
      <FormField
        label="Calendar or CSV file"
        error={shown.file}
        hint="An iCalendar (.ics) file, or a CSV with the columns date, time, venue name, city/ZIP, ticket link, price (a venue's: artist), and address for a venue not on Encore. Up to 1 MB and 500 shows."
      >
        {(control) => (
          <Input
            {...control}
            type="file"
            accept=".ics,.csv,text/calendar,text/csv"
            className="h-auto py-2"
            onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)}
          />
        )}
      </FormField>
      <FormField label="Or a calendar URL" error={shown.url}>
        {(control) => (
          <Input
            {...control}
            type="url"
            inputMode="url"
            placeholder="https://example.com/tour.ics"
            value={url}
            onChange={(e) => setUrl(e.currentTarget.value)}
          />
        )}
      </FormField>
      <Button type="submit" disabled={pending} className="w-full sm:w-auto sm:self-end">
        {pending && <Spinner />}
        Preview
      </Button>
    </form>
  );
}

type Checked = { source: TShowImportSource } | { problem: ImportSourceErrors };

async function sourceOf(file: File | null, url: string): Promise<Checked> {
  if (!file && url === '') return { problem: { file: M.fileRequired } };
  if (!file) {
    const source = { kind: 'url', url } as const;
    const parsed = ZShowImportSource.safeParse(source);
    if (!parsed.success) return { problem: { url: parsed.error.issues[0]?.message } };
    return { source: parsed.data };
  }
  const format = /\.ics$/i.test(file.name) ? 'ics' : /\.csv$/i.test(file.name) ? 'csv' : null;
  if (!format) return { problem: { file: M.fileType } };
  if (file.size > SHOW_IMPORT_MAX_BYTES) return { problem: { file: M.tooBig } };
  const parsed = ZShowImportSource.safeParse({ kind: 'file', format, text: await file.text() });
  if (!parsed.success) return { problem: { file: parsed.error.issues[0]?.message } };
  return { source: parsed.data };
}
