import { describe, expect, it } from 'vitest';
import { render, screen } from '../testing/render';
import { PerPaycheck } from './per-paycheck';

describe('a price per paycheck', () => {
  it('is the whole price’s share of a paycheck when the employer pays nothing toward it', () => {
    render(<PerPaycheck paycheck={{ amount: 16.5, label: 'every two weeks' }} />);
    expect(screen.getByText('$16.50 per paycheck (every two weeks)')).toBeTruthy();
  });

  it('says what the employer pays and what is left for the employee, a month and a paycheck', () => {
    render(<PerPaycheck paycheck={{ amount: 8.25, label: 'every two weeks', employer_pays: 17.88, you_pay: 17.87 }} />);
    expect(screen.getByText('Your employer pays $17.88 a month: you pay $17.87, $8.25 per paycheck (every two weeks)')).toBeTruthy();
  });
});
