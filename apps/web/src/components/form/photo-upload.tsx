import {
  PHOTO_MESSAGES as M,
  PHOTO_MAX_BYTES,
  PHOTO_MIME_TYPES,
  ZPhotoResponse,
} from '@encore/contract';
import { ImageUp, UserRound } from 'lucide-react';
import { type ChangeEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { uploadFile } from '@/lib/upload-file';

export const PHOTO_UPLOAD_PATH = '/api/profile/photo';

const TITLE_BY_CODE: Partial<Record<string, string>> = {
  INVALID_FILE_TYPE: M.invalidTypeTitle,
  FILE_TOO_LARGE: M.tooLargeTitle,
};

/** The spec's client checks (section 5 "Photo upload"); null when the file may be sent. */
export function photoProblem(file: File): { title: string; description: string } | null {
  const isAllowed = (PHOTO_MIME_TYPES as readonly string[]).includes(file.type);
  if (!file.type.startsWith('image/') || !isAllowed) {
    return { title: M.invalidTypeTitle, description: M.invalidType };
  }
  if (file.size >= PHOTO_MAX_BYTES) return { title: M.tooLargeTitle, description: M.tooLarge };
  return null;
}

interface PhotoUploadProps {
  /** Names the file input, e.g. 'Profile Photo'; the preview's alt text is '<label> preview'. */
  label: string;
  photoUrl: string | null;
  onUploaded: (photoUrl: string) => void;
}

/** Checks, uploads (POST /api/profile/photo) and previews a JPG/PNG: <PhotoUpload label="Profile Photo" photoUrl onUploaded />. */
export function PhotoUpload({ label, photoUrl, onUploaded }: PhotoUploadProps) {
  const id = useId();
  const [uploading, setUploading] = useState(false);

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = ''; // choosing the same file again must fire change again
    if (!file) return;
    const problem = photoProblem(file);
    if (problem) return void toast.error(problem.title, { description: problem.description });
    setUploading(true);
    try {
      const bytes = await file.arrayBuffer().catch(() => null);
      if (!bytes) return void toast.error(M.failedTitle, { description: M.failed });
      const { photoUrl: url } = await uploadFile(
        PHOTO_UPLOAD_PATH,
        bytes,
        file.type,
        ZPhotoResponse,
      );
      onUploaded(url);
    } catch (error) {
      const code = error instanceof ApiError ? error.code : null;
      const title = (code && TITLE_BY_CODE[code]) ?? M.failedTitle;
      toast.error(title, { description: error instanceof ApiError ? error.message : M.failed });
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className="flex flex-col items-center gap-4 sm:flex-row">
      <div className="grid size-28 shrink-0 place-items-center overflow-hidden rounded-full border-2 border-line-strong bg-surface-raised">
        {photoUrl ? (
          <img src={photoUrl} alt={`${label} preview`} className="size-full object-cover" />
        ) : (
          <UserRound aria-hidden className="size-12 text-fg-muted" />
        )}
      </div>
      <div className="flex flex-col items-center gap-2 sm:items-start">
        <input
          id={id}
          type="file"
          accept={PHOTO_MIME_TYPES.join(',')}
          aria-describedby={`${id}-hint`}
          disabled={uploading}
          onChange={onChange}
          className="peer sr-only"
        />
        <label
          htmlFor={id}
          className={cn(
            buttonClasses({ variant: 'secondary' }),
            'cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent',
            uploading && 'pointer-events-none opacity-70',
          )}
        >
          {uploading ? <Spinner /> : <ImageUp aria-hidden className="size-5" />}
          {label}
        </label>
        <p id={`${id}-hint`} className="text-sm text-fg-muted">
          {uploading
            ? 'Uploading…'
            : `JPG or PNG, under 5MB.${photoUrl ? ' Choose another to replace it.' : ''}`}
        </p>
      </div>
    </div>
  );
}
