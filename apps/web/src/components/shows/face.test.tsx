import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Face } from './face';

const SIZES = ['xs', 'sm', 'md', 'lg', 'xl', '2xl'] as const;

describe('Face', () => {
  // Tailwind orders same-property utilities by value, not class order: a second size-* or
  // text-* class would lose or win by its number, not by being added last.
  it.each(SIZES)('size %s carries exactly one circle size and one text size', (size) => {
    const { container } = render(<Face name="Sam Rivera" photoUrl={null} size={size} />);
    const classes = (container.firstElementChild?.getAttribute('class') ?? '').split(' ');
    expect(classes.filter((c) => c.startsWith('size-'))).toHaveLength(1);
    expect(classes.filter((c) => /^text-(xs|sm|base|lg|\d?xl)$/.test(c))).toHaveLength(1);
    expect(container.textContent).toBe('SR');
  });

  it('leaves the ring off for a face alone', () => {
    const { container } = render(<Face name="Sam" photoUrl={null} ring={false} />);
    expect(container.firstElementChild?.getAttribute('class')).not.toContain('border-2');
  });
});
