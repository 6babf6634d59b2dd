import { fireEvent, render, screen, waitFor } from '../../../testing/render';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { server, success } from '../../../testing/server';
import { QuoteFormDialog } from './quote-form-dialog';

const filterStep = {
  kind: 'form',
  step: 'filter',
  title: 'Get your price',
  text: 'Your ZIP code, age and who you cover decide your price.',
  schema: { type: 'object', required: ['zip'], properties: { zip: { type: 'string', title: 'Zip Code' } } },
  uiSchema: {},
  formData: {},
  actions: [
    { action: 'next', label: 'See my prices' },
    { action: 'cancel', label: 'Back' },
  ],
};

describe('the quote form dialog', () => {
  it('is worded by the server’s step, creates the quote and tells its id', async () => {
    localStorage.removeItem('tempId');
    server.use(
      http.get('/api/v1/filter-form', () => success(filterStep)),
      http.post('/api/v1/add-filter-for-new-user', () => success({ temp_enrollment_id: 41 })),
    );
    const saved = vi.fn();
    render(<QuoteFormDialog open onClose={() => undefined} onSaved={saved} />);
    fireEvent.change(await screen.findByLabelText(/Zip Code/), { target: { value: '30301' } });
    fireEvent.click(screen.getByRole('button', { name: 'See my prices' }));
    await waitFor(() => expect(saved).toHaveBeenCalledWith('41'));
    expect(localStorage.getItem('tempId')).toBe('41');
  });

  it('closes on Back without saving anything', async () => {
    server.use(http.get('/api/v1/filter-form', () => success(filterStep)));
    const closed = vi.fn();
    const saved = vi.fn();
    render(<QuoteFormDialog open onClose={closed} onSaved={saved} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Back' }));
    await waitFor(() => expect(closed).toHaveBeenCalled());
    expect(saved).not.toHaveBeenCalled();
  });
});
