import { DAYS_OF_WEEK } from '@encore/contract';
import { ToggleChips, type ToggleChipsProps } from './toggle-chips';

/** Monday..Sunday as toggle chips: <DayPicker label="Operating Days" value={days} onChange={setDays} />. */
export function DayPicker(props: Omit<ToggleChipsProps, 'options'>) {
  return <ToggleChips {...props} options={DAYS_OF_WEEK} />;
}
