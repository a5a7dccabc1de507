import { GENRES } from '@encore/contract';
import { ToggleChips, type ToggleChipsProps } from './toggle-chips';

/** The spec's genre list as toggle chips: <GenrePicker label="Favorite Genres" value={genres} onChange={setGenres} />. */
export function GenrePicker(props: Omit<ToggleChipsProps, 'options'>) {
  return <ToggleChips {...props} options={GENRES} />;
}
