import {
  SHOW_IMPORT_MESSAGES as M,
  type TShowImportRow,
  type TShowImportSource,
} from '@encore/contract';
import { FileUp } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { DialogShell, DialogTitleWithClose } from '@/components/ui/dialog-shell';
import { Spinner } from '@/components/ui/spinner';
import { reportRequestError } from '@/lib/report-request-error';
import { useImportShows } from '../api/import-shows';
import { usePreviewShowImport } from '../api/preview-show-import';
import { ImportPreviewList, importLabel, isChoosable } from './import-preview-list';
import { type ImportSourceErrors, ImportSourceForm } from './import-source-form';

type Previewed = { source: TShowImportSource; rows: TShowImportRow[] };

/**
 * 'Import shows' on My Shows: a file or calendar URL, then a preview of every row (what would be
 * announced or changed, what is already there, what is wrong and why), then 'Import N shows'.
 * Nothing is written before that last step; the new and changed rows start chosen.
 */
export function ImportShowsDialog() {
  const [open, setOpen] = useState(false);
  const [previewed, setPreviewed] = useState<Previewed | null>(null);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [sourceErrors, setSourceErrors] = useState<ImportSourceErrors>({});
  const [error, setError] = useState<string | null>(null);
  const preview = usePreviewShowImport();
  const save = useImportShows();

  const reset = () => {
    setPreviewed(null);
    setChosen(new Set());
    setSourceErrors({});
    setError(null);
  };
  const onOpenChange = (next: boolean) => {
    reset();
    setOpen(next);
  };
  const onSource = (source: TShowImportSource) => {
    setSourceErrors({});
    preview.mutate(
      { source },
      {
        onSuccess: ({ rows }) => {
          setPreviewed({ source, rows });
          setChosen(new Set(rows.filter(isChoosable).map((r) => r.key)));
        },
        onError: (failure) => {
          const field = source.kind === 'url' ? 'url' : 'file';
          reportRequestError(failure, {
            title: 'Could not read the shows',
            show: (message) => setSourceErrors({ [field]: message }),
          });
        },
      },
    );
  };
  const toggle = (key: string) =>
    setChosen((now) => {
      const next = new Set(now);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  const onImport = () => {
    if (!previewed) return;
    if (chosen.size === 0) return setError(M.chooseOne);
    setError(null);
    save.mutate(
      { source: previewed.source, keys: [...chosen] },
      {
        onSuccess: ({ created, updated }) => {
          toast.success(`Imported ${created + updated} show${created + updated === 1 ? '' : 's'}`, {
            description: updated > 0 ? `${created} new, ${updated} changed` : undefined,
          });
          setOpen(false);
          reset();
        },
        onError: (failure) =>
          reportRequestError(failure, { title: 'Could not import the shows', show: setError }),
      },
    );
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>
        <Button variant="secondary" className="w-full sm:w-auto">
          <FileUp aria-hidden className="size-5" />
          {M.title}
        </Button>
      </Dialog.Trigger>
      <DialogShell.Panel size="lg" scrollable>
        <DialogTitleWithClose>{M.title}</DialogTitleWithClose>
        <DialogShell.Description>
          Bring your dates from a calendar or a spreadsheet. You see every show before anything is
          saved; imported shows are announced and confirmed like the ones you announce here.
        </DialogShell.Description>
        {!previewed ? (
          <ImportSourceForm pending={preview.isPending} errors={sourceErrors} onSource={onSource} />
        ) : (
          <div className="flex flex-col gap-4">
            <ImportSummary rows={previewed.rows} />
            <ImportPreviewList rows={previewed.rows} chosen={chosen} onToggle={toggle} />
            {error && (
              <p role="alert" className="text-sm font-medium text-danger">
                {error}
              </p>
            )}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={reset} disabled={save.isPending}>
                Choose another file
              </Button>
              <Button onClick={onImport} disabled={save.isPending || chosen.size === 0}>
                {save.isPending && <Spinner />}
                {importLabel(chosen.size)}
              </Button>
            </div>
          </div>
        )}
      </DialogShell.Panel>
    </Dialog.Root>
  );
}

/** '4 shows in the file: 2 to import, 1 already there, 1 with an error'. */
function ImportSummary({ rows }: { rows: TShowImportRow[] }) {
  const count = (test: (r: TShowImportRow) => boolean) => rows.filter(test).length;
  const parts = [
    `${count(isChoosable)} to import`,
    `${count((r) => r.state === 'unchanged' || r.state === 'duplicate')} already there`,
    `${count((r) => r.state === 'error')} with an error`,
  ];
  return (
    <p role="status" className="text-sm text-fg-muted">
      {rows.length} show{rows.length === 1 ? '' : 's'} in the file: {parts.join(', ')}
    </p>
  );
}
