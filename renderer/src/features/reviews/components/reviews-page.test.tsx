import { http } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '../../../testing/render';
import { refusal, server, success } from '../../../testing/server';
import { ReviewsPage } from './reviews-page';

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/reviews" element={<ReviewsPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

const queued = {
  document_id: 7,
  policy_id: '20261201',
  applicant: 'Dana Okafor',
  event: 'We had a baby',
  event_date: '12/01/2026',
  document: 'Birth certificate',
  waiting: ['Zoë Okafor (12/01/2026)'],
  media_type: 'application/pdf',
  size_bytes: 2048,
  sent_at: '2026-12-02T10:00:00Z',
  due: '12/31/2026',
  history: [],
};

describe('the reviewers’ queue', () => {
  it('tells a session that is no reviewer’s how to sign in, and a used link that it no longer works', async () => {
    const words = 'Please sign in with the link the store gave you for reviewing';
    server.use(http.get('/api/v1/reviews/me', () => refusal(401, words)));
    renderAt('/reviews?sign-in=link-failed');
    expect(await screen.findByText(words)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toMatch(/^This sign-in link does not work any more/);
  });

  it('shows who waits for each document, opens its file, asks why before denying, and empties as decided', async () => {
    const decided: unknown[] = [];
    let queue = [queued];
    server.use(
      http.get('/api/v1/reviews/me', () => success({ name: 'Rosa Ibáñez' })),
      http.get('/api/v1/reviews', () => success(queue)),
      http.post('/api/v1/reviews/7', async ({ request }) => {
        const body = (await request.json()) as { decision: string; reason: string };
        decided.push(body);
        if (body.decision !== 'approve' && !body.reason.trim()) {
          const words = 'Please tell the member why: they read it';
          return refusal(422, words, [{ target_element: 'reason', error_message: words }]);
        }
        queue = [];
        return success({ document_id: 7 });
      }),
    );
    renderAt('/reviews');
    expect(await screen.findByText('Birth certificate for policy 20261201')).toBeTruthy();
    expect(screen.getByText('Signed in as Rosa Ibáñez')).toBeTruthy();
    expect(screen.getByText('Waiting to be covered: Zoë Okafor (12/01/2026)')).toBeTruthy();
    const open = screen.getByRole('link', { name: 'Open the file (PDF, 2 KB)' });
    expect(open.getAttribute('href')).toBe('/api/v1/reviews/7/file');
    expect(open.getAttribute('target')).toBe('_blank');
    fireEvent.click(screen.getByLabelText('Deny: the event is not proven'));
    fireEvent.click(screen.getByRole('button', { name: 'Record the decision' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please tell the member why: they read it');
    fireEvent.change(screen.getByLabelText('Why? The member reads this.'), { target: { value: 'Another family’s certificate' } });
    fireEvent.click(screen.getByRole('button', { name: 'Record the decision' }));
    expect(await screen.findByText('No document is waiting. Well done.')).toBeTruthy();
    expect(decided).toEqual([
      { decision: 'deny', reason: '' },
      { decision: 'deny', reason: 'Another family’s certificate' },
    ]);
  });
});
