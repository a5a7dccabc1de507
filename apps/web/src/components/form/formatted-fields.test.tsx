import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { CountField, MoneyField } from './money-field';
import { PhoneField } from './phone-input';
import { StateField } from './state-input';
import { ZipField } from './zip-input';

// What a user pastes or types in the formatted fields ends as what they meant.

function Controlled({ Field }: { Field: typeof ZipField }) {
  const [value, setValue] = useState('');
  return <Field label="Field" value={value} onChange={setValue} />;
}

async function paste(Field: typeof ZipField, text: string) {
  render(<Controlled Field={Field} />);
  const input = screen.getByLabelText(/^Field/) as HTMLInputElement;
  await userEvent.click(input);
  await userEvent.paste(text);
  return input;
}

async function typeIn(Field: typeof ZipField, text: string) {
  render(<Controlled Field={Field} />);
  const input = screen.getByLabelText(/^Field/) as HTMLInputElement;
  await userEvent.type(input, text);
  return input;
}

describe('pasting into the formatted fields', () => {
  it('strips a pasted ZIP to digits before keeping five', async () => {
    expect((await paste(ZipField, '12ab345678')).value).toBe('12345');
  });

  it('formats a pasted phone, country code and all', async () => {
    expect((await paste(PhoneField, '+1 (555) 123-4567')).value).toBe('(555) 123-4567');
  });

  it('formats a pasted phone with its punctuation', async () => {
    expect((await paste(PhoneField, '555.123.4567 ext')).value).toBe('(555) 123-4567');
  });

  it('keeps a pasted state code in capitals', async () => {
    expect((await paste(StateField, ' ny ')).value).toBe('NY');
  });
});

describe('the state field', () => {
  it("turns a typed full name into its code and names the state, never Nebraska's NE", async () => {
    const input = await typeIn(StateField, 'new york');
    expect(input.value).toBe('NY');
    expect(screen.getByText('New York')).toBeTruthy();
  });

  it('takes a pasted full name', async () => {
    expect((await paste(StateField, 'District of Columbia')).value).toBe('DC');
  });

  it('keeps what is not a state as typed, for the form to refuse', async () => {
    const input = await typeIn(StateField, 'new yrok');
    expect(input.value).toBe('New Yrok');
    expect(screen.queryByText('Nebraska')).toBeNull();
  });
});

function Registered({ Field }: { Field: typeof MoneyField }) {
  const form = useForm({ defaultValues: { amount: '' } });
  return (
    <form>
      <Field label="Field" {...form.register('amount')} />
      <output>{form.watch('amount')}</output>
    </form>
  );
}

describe('the number fields', () => {
  it('takes a pasted price with its dollar sign and thousands comma', async () => {
    render(<Registered Field={MoneyField} />);
    const input = screen.getByLabelText(/^Field/) as HTMLInputElement;
    await userEvent.click(input);
    await userEvent.paste('$1,250.50');
    expect(input.value).toBe('1250.50');
    expect(screen.getByRole('status').textContent).toBe('1250.50');
  });

  it('takes a pasted count with its thousands comma', async () => {
    render(<Registered Field={CountField} />);
    const input = screen.getByLabelText(/^Field/) as HTMLInputElement;
    await userEvent.click(input);
    await userEvent.paste('999,999');
    expect(input.value).toBe('999999');
  });
});
