import { Plus, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

const MAX_ACTS = 10;

interface SupportingActsFieldProps {
  value: readonly string[];
  onChange: (acts: string[]) => void;
  error?: string;
}

/** 'Supporting Acts': type a name, 'Add Act'; each added act has its own 'Remove <name>'. */
export function SupportingActsField({ value, onChange, error }: SupportingActsFieldProps) {
  const id = useId();
  const [name, setName] = useState('');
  const add = () => {
    const trimmed = name.trim();
    if (!trimmed || value.length >= MAX_ACTS) return;
    onChange([...value, trimmed]);
    setName('');
  };
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>Supporting Acts</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          value={name}
          maxLength={100}
          placeholder="Name of the act"
          aria-describedby={error ? `${id}-error` : undefined}
          aria-invalid={Boolean(error)}
          onChange={(event) => setName(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
        />
        <Button
          variant="secondary"
          className="shrink-0"
          onClick={add}
          disabled={value.length >= MAX_ACTS}
        >
          <Plus aria-hidden className="size-4" />
          Add Act
        </Button>
      </div>
      {value.length > 0 && (
        <ul aria-label="Supporting acts" className="flex flex-wrap gap-2">
          {value.map((act, index) => (
            <li
              // Names may repeat while typing mistakes are fixed; the position keeps keys unique.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              key={`${index}-${act}`}
              className="inline-flex h-9 items-center gap-1 rounded-full border border-line-strong bg-surface-raised pr-1 pl-3 text-sm"
            >
              {act}
              <button
                type="button"
                aria-label={`Remove ${act}`}
                onClick={() => onChange(value.filter((_, i) => i !== index))}
                className="grid size-7 place-items-center rounded-full text-fg-muted hover:text-accent"
              >
                <X aria-hidden className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
