import { render, screen } from '../../../testing/render';
import { describe, expect, it } from 'vitest';
import { QuoteDialog } from './quote-dialog';

describe('Send Personalized Quote', () => {
  it('starts addressed to the member when one is known, and blank when none is', () => {
    const { unmount } = render(<QuoteDialog id="5" member={{ name: 'Maria Lopez', email: 'maria@example.com' }} onClose={() => undefined} />);
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Maria Lopez');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('maria@example.com');
    unmount();
    render(<QuoteDialog id="5" onClose={() => undefined} />);
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('');
  });
});
