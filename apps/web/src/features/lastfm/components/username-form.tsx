import {
  LASTFM_MESSAGES as M,
  type TLastfmPreview,
  type TLastfmPreviewRequest,
  ZLastfmPreviewRequest,
} from '@encore/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { TextField } from '@/components/form/text-field';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { reportRequestError } from '@/lib/report-request-error';
import { usePreviewLastfm } from '../api/preview-lastfm';

/**
 * The Last.fm username, checked with the server's own schema before it is sent; an unknown
 * user comes back under the field, Last.fm failing in the form's error line.
 */
export function UsernameForm({ onPreview }: { onPreview: (offer: TLastfmPreview) => void }) {
  const { register, handleSubmit, setError, formState } = useForm<
    TLastfmPreviewRequest,
    unknown,
    TLastfmPreviewRequest
  >({ resolver: zodResolver(ZLastfmPreviewRequest), defaultValues: { username: '' } });
  const preview = usePreviewLastfm();
  const [problem, setProblem] = useState<string | null>(null);
  const error = formState.errors.username?.message;

  const onSubmit = handleSubmit(async (values) => {
    setProblem(null);
    try {
      onPreview(await preview.mutateAsync(values));
    } catch (failure) {
      reportRequestError(failure, {
        title: 'Could not read your Last.fm',
        fields: {
          names: ['username'] as const,
          set: (field, message) =>
            setError(field, { type: 'server', message }, { shouldFocus: true }),
        },
        show: setProblem,
      });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3">
      <TextField
        label={M.usernameLabel}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        error={error}
        aria-invalid={Boolean(error)}
        {...register('username')}
      />
      {problem && (
        <p role="alert" className="text-sm font-medium text-danger">
          {problem}
        </p>
      )}
      <Button type="submit" className="self-start" disabled={preview.isPending}>
        {preview.isPending && <Spinner />}
        {preview.isPending ? M.finding : M.findArtists}
      </Button>
    </form>
  );
}
