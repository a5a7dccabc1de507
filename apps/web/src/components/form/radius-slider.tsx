import { RADIUS_MAX_MILES, RADIUS_MIN_MILES, RADIUS_STEP_MILES } from '@encore/contract';
import { useId } from 'react';

interface RadiusSliderProps {
  label?: string;
  value: number;
  onChange: (miles: number) => void;
}

/** Concert radius slider, 10–100 miles step 5, showing 'NN miles': <RadiusSlider value={25} onChange={set} />. */
export function RadiusSlider({ label = 'Concert Radius', value, onChange }: RadiusSliderProps) {
  const id = useId();
  const text = `${value} miles`;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="text-sm font-medium text-fg">
          {label}
        </label>
        <output htmlFor={id} className="text-sm font-semibold text-accent tabular-nums">
          {text}
        </output>
      </div>
      <input
        id={id}
        type="range"
        min={RADIUS_MIN_MILES}
        max={RADIUS_MAX_MILES}
        step={RADIUS_STEP_MILES}
        value={value}
        aria-valuetext={text}
        onChange={(event) => onChange(Number(event.target.value))}
        className="h-2 w-full cursor-pointer accent-accent"
      />
      <div aria-hidden className="flex justify-between text-xs text-fg-muted">
        <span>{RADIUS_MIN_MILES} miles</span>
        <span>{RADIUS_MAX_MILES} miles</span>
      </div>
    </div>
  );
}
