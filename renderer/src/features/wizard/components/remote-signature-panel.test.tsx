import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { Schema } from '../../../lib/api';
import { fireEvent, render, screen, waitFor } from '../../../testing/render';
import { refusal, server, success } from '../../../testing/server';
import { RemoteSignaturePanel } from './remote-signature-panel';

type RemoteSignature = Schema<'RemoteSignature'>;

const none: RemoteSignature = {
  state: 'none',
  email: 'dana.okafor@example.com',
  phone: '4045550134',
  texts_delivered: false,
};
const expired: RemoteSignature = {
  ...none,
  state: 'expired',
  channel: 'email',
  sent_to: 'dana.okafor@example.com',
  sent_at: '11/28/2026 09:15',
  expires_at: '12/01/2026 09:15',
};
const waiting: RemoteSignature = { ...expired, state: 'waiting', sent_at: '12/02/2026 10:00', expires_at: '12/05/2026 10:00' };
const signed: RemoteSignature = { ...waiting, state: 'signed', signed_name: 'Dana Okafor', signed_at: '12/02/2026 10:04' };

const path = '/api/v1/enrollment/9/signature-request';

describe('the rep’s panel for signing on the applicant’s own device', () => {
  it('says an unsigned link expired and sends a new one, which then waits', async () => {
    let sent: unknown = null;
    server.use(
      http.get(path, () => success(expired)),
      http.post(path, async ({ request }) => {
        sent = await request.json();
        return success(waiting);
      }),
    );
    render(<RemoteSignaturePanel enrollmentId="9" onSigned={() => {}} />);
    await screen.findByText('The link sent on 11/28/2026 09:15 expired before it was signed. Send a new one.');
    fireEvent.click(screen.getByRole('button', { name: 'Send a new link' }));
    await screen.findByText(/^Sent to dana\.okafor@example\.com on 12\/02\/2026 10:00\. Waiting for the applicant to sign/);
    expect(sent).toEqual({ channel: 'email' });
  });

  it('tells a rep choosing a text that no text service is connected, and shows a refusal in the server’s words', async () => {
    server.use(
      http.get(path, () => success(none)),
      http.post(path, () => refusal(429, 'Too many links were sent for this application today. Please try again tomorrow.')),
    );
    render(<RemoteSignaturePanel enrollmentId="9" onSigned={() => {}} />);
    fireEvent.click(await screen.findByLabelText('Text message to (404) 555-0134 (a mobile phone)'));
    screen.getByText(/no text message service connected/);
    fireEvent.click(screen.getByRole('button', { name: 'Send for signature' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many links were sent for this application today. Please try again tomorrow.');
  });

  it('cannot send before the steps the applicant reads are finished, nor by a channel with no address', async () => {
    server.use(http.get(path, () => success({ ...none, phone: null, not_yet: 'Finish Contact Information first.' })));
    render(<RemoteSignaturePanel enrollmentId="9" onSigned={() => {}} />);
    await screen.findByText('Finish Contact Information first.');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Send for signature' }).disabled).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('Text message (no phone number on Contact Information)').disabled).toBe(true);
  });

  it('reads the step again once the applicant signs, and says who signed and when', async () => {
    let answer = waiting;
    server.use(http.get(path, () => success(answer)));
    const onSigned = vi.fn();
    const { client } = render(<RemoteSignaturePanel enrollmentId="9" onSigned={onSigned} />);
    await screen.findByText(/Waiting for the applicant to sign/);
    expect(onSigned).not.toHaveBeenCalled();
    answer = signed;
    await client.invalidateQueries();
    await waitFor(() => expect(onSigned).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('status').textContent).toMatch(/^Signed by Dana Okafor on 12\/02\/2026 10:04, on their own device\./);
    expect(screen.queryByRole('button', { name: /Send/ })).toBeNull();
  });
});
