import { X } from 'lucide-react';
import { useId } from 'react';
import { FormField } from '@/components/form/form-field';
import { FieldError } from '@/components/ui/field-error';
import { type ActDraft, MAX_SUPPORTING_ACTS } from '../utils/act-draft';
import { ActPicker } from './act-picker';

interface SupportingActsFieldProps {
  value: readonly ActDraft[];
  onChange: (acts: ActDraft[]) => void;
  /** The headliner, who cannot also be its own support act. */
  headlinerId: string;
  /** A message about the whole list (too many acts). */
  error?: string;
  /** Each act's own message, by its position (a server's 'supportingActs.1' lands on the 2nd). */
  actErrors?: readonly (string | undefined)[];
}

const STATE_LABEL = { pending: 'Awaiting confirmation', declined: 'Declined', confirmed: '' };

/**
 * 'Supporting Acts': pick each act from Encore's artists or add it as a typed name; each act on
 * the list says which it is, carries its own error and its own 'Remove <name>'.
 */
export function SupportingActsField(props: SupportingActsFieldProps) {
  const { value, onChange, headlinerId, error, actErrors = [] } = props;
  const listId = useId();
  const full = value.length >= MAX_SUPPORTING_ACTS;
  const onEncore = value.flatMap((act) => (act.performerId ? [act.performerId] : []));
  const add = (act: ActDraft) => {
    const typedTwice =
      act.performerId === null &&
      value.some((a) => a.performerId === null && a.name.toLowerCase() === act.name.toLowerCase());
    if (!full && !typedTwice) onChange([...value, act]);
  };

  return (
    <FormField
      label="Supporting Acts"
      error={error}
      hint={full ? `A bill lists at most ${MAX_SUPPORTING_ACTS} supporting acts.` : undefined}
    >
      {(control) => (
        <div className="flex flex-col gap-2">
          <ActPicker
            control={control}
            excludeIds={[headlinerId, ...onEncore]}
            disabled={full}
            onPick={add}
          />
          {value.length > 0 && (
            <ul aria-label="Supporting acts" className="flex flex-col gap-2">
              {value.map((act, index) => {
                const errorId = `${listId}-${index}-error`;
                const message = actErrors[index];
                const state = act.state ? STATE_LABEL[act.state] : '';
                return (
                  <li
                    key={act.performerId ?? `name:${act.name}`}
                    className="flex flex-col gap-1 rounded-xl border border-line-strong bg-surface-raised py-1 pr-1 pl-3 text-sm"
                  >
                    <div className="flex items-center gap-2">
                      <span className="flex min-w-0 flex-1 flex-col">
                        <span className="font-medium">{act.name}</span>
                        <span className="text-fg-muted">
                          {[act.performerId ? act.detail || 'On Encore' : 'Not on Encore', state]
                            .filter(Boolean)
                            .join(' · ')}
                        </span>
                      </span>
                      <button
                        type="button"
                        aria-label={`Remove ${act.name}`}
                        aria-describedby={message ? errorId : undefined}
                        onClick={() => onChange(value.filter((_, i) => i !== index))}
                        className="grid size-9 shrink-0 place-items-center rounded-full text-fg-muted hover:text-accent"
                      >
                        <X aria-hidden className="size-4" />
                      </button>
                    </div>
                    <FieldError id={errorId} message={message} />
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      )}
    </FormField>
  );
}
