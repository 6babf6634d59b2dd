import { act, fireEvent, render, screen, spanish } from '../../../testing/render';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { refusal, server, success } from '../../../testing/server';
import { HelpChat } from './help-chat';

describe('the help chat', () => {
  it('opens on its corner button with Create Ticket in a new tab, and Escape closes it back to the button', async () => {
    server.use(http.get('/api/v1/get-ticket-link', () => success({ ticket: 'https://support.example/tickets/new' })));
    render(<HelpChat />);
    const button = screen.getByRole('button', { name: 'We are here to help you' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    expect(await screen.findByRole('dialog', { name: 'We are here to help you' })).toBeTruthy();
    const ticket = await screen.findByRole('link', { name: /Create Ticket/ });
    expect(ticket.getAttribute('href')).toBe('https://support.example/tickets/new');
    expect(ticket.getAttribute('target')).toBe('_blank');
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'We are here to help you' })).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('thanks for feedback, or says the server’s words when it refuses it', async () => {
    let sent: unknown;
    server.use(
      http.get('/api/v1/get-ticket-link', () => success({ ticket: '' })),
      http.post('/benefit/v1/assist/feedback', async ({ request }) => {
        sent = await request.json();
        const { message } = sent as { message: string };
        return message ? success({ message: 'Thank you' }) : refusal(422, 'Please write your feedback', [{ target_element: 'message', error_message: 'Please write your feedback' }]);
      }),
    );
    render(<HelpChat />);
    fireEvent.click(screen.getByRole('button', { name: 'We are here to help you' }));
    const feedback = await screen.findByRole('button', { name: /Feedback/ });
    await act(async () => {});
    expect(screen.queryByRole('link', { name: /Create Ticket/ }), 'no ticketing site, no Create Ticket').toBeNull();
    fireEvent.click(feedback);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please write your feedback');
    fireEvent.change(screen.getByLabelText('Your feedback'), { target: { value: 'Easy to compare.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Thank you for your feedback.')).toBeTruthy();
    expect(sent).toMatchObject({ message: 'Easy to compare.', web_url: window.location.href });
  });

  it('the help chat speaks Spanish when Spanish is chosen', async () => {
    server.use(http.get('/api/v1/get-ticket-link', () => success({ ticket: 'https://support.example/tickets/new' })));
    render(<HelpChat />, { language: await spanish() });
    fireEvent.click(screen.getByRole('button', { name: 'Estamos aquí para ayudarle' }));
    expect(await screen.findByRole('dialog', { name: 'Estamos aquí para ayudarle' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: /Crear una solicitud de soporte/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Comentarios/ }));
    expect(screen.getByLabelText('Sus comentarios')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Atrás' })).toBeTruthy();
  });
});
