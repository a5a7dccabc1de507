import { act, renderHook } from '@testing-library/react';
import * as React from 'react';
import { describe, expect, it } from 'vitest';
import { onReact } from '@/testing/runtime';

// What `react` is under decision 032's alias: React Router 7 reads `React.useOptimistic` from its
// namespace import of `react`, and preact/compat alone has none.
const { useOptimistic } = React;

// On React 19 itself `react` is React, whose own useOptimistic holds a value only inside a
// transition: this file tests the Preact alias's stand-in, so it runs on Preact only.
describe.skipIf(onReact)('react under the Preact alias', () => {
  it('has useOptimistic beside preact/compat', () => {
    expect(typeof useOptimistic).toBe('function');
    expect(typeof React.useState).toBe('function');
  });

  it('shows the optimistic value until the real state changes, then the real state', () => {
    const first = ['a'];
    const { result, rerender } = renderHook(({ saved }) => useOptimistic<string[]>(saved), {
      initialProps: { saved: first },
    });
    expect(result.current[0]).toBe(first);

    act(() => result.current[1](['a', 'b']));
    expect(result.current[0]).toEqual(['a', 'b']);
    rerender({ saved: first }); // a render with the same real state keeps the optimistic value
    expect(result.current[0]).toEqual(['a', 'b']);

    const saved = ['a', 'b', 'c'];
    rerender({ saved });
    expect(result.current[0]).toBe(saved);
  });

  it('applies a reducer to the pending value, one update after another', () => {
    const { result } = renderHook(() =>
      useOptimistic<number, number>(10, (state, add) => state + add),
    );
    act(() => result.current[1](1));
    act(() => result.current[1](2));
    expect(result.current[0]).toBe(13);
  });
});
