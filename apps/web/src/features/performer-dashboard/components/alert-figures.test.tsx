import {
  ALERT_CHANNEL_LABELS,
  ALERT_CHANNELS,
  DELIVERY_CHANNEL_LABELS,
  DELIVERY_CHANNELS,
} from '@encore/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AlertsDelivered } from './alert-figures';

/** Issue 33: every channel of the contract has a label, and the dashboard names each by it. */
describe('channel labels', () => {
  it.each(ALERT_CHANNELS)('the %s channel has a label of its own', (channel) => {
    expect(ALERT_CHANNEL_LABELS[channel]).toMatch(/\S/);
    expect(DELIVERY_CHANNEL_LABELS[channel]).toBe(ALERT_CHANNEL_LABELS[channel]);
  });

  it('Alerts delivered names every delivery channel by its label', () => {
    render(
      <AlertsDelivered
        delivered={DELIVERY_CHANNELS.map((channel, i) => ({ channel, delivered: i + 1 }))}
      />,
    );
    const terms = screen.getAllByRole('term').map((term) => term.textContent);
    expect(terms).toEqual(DELIVERY_CHANNELS.map((channel) => DELIVERY_CHANNEL_LABELS[channel]));
    expect(new Set(terms).size).toBe(DELIVERY_CHANNELS.length);
    for (const term of terms) expect(term).toMatch(/\S/);
  });
});
