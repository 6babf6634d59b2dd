import { fireEvent, render, screen } from '../../../testing/render';
import { http } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { Schema } from '../../../lib/api';
import { refusal, server, success } from '../../../testing/server';
import { MyPoliciesPage } from './my-policies-page';

const policy: Schema<'PolicySummary'> = {
  enrollment_id: 31,
  policy_id: '2026120101',
  effective: '01/01/2027',
  plans: ['Harborstone Silver Choice PPO', 'Brightbite Dental Preferred PPO'],
  covered: ['Dana Okafor', 'Zoë Okafor'],
};

function drawn() {
  return render(
    <MemoryRouter initialEntries={['/my-policies']}>
      <Routes>
        <Route path="/my-policies" element={<MyPoliciesPage />} />
        <Route path="/enrollment/receipt" element={<p>the receipt</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('a member’s policies', () => {
  it('open on another browser once the code e-mailed to the address on file is given, refused in the server’s words until then', async () => {
    let signedIn = false;
    const codes: string[] = [];
    server.use(
      http.get('/api/v1/my-policies', () => success(signedIn ? [policy] : [])),
      http.post('/api/v1/member-sign-in/send-code', () => success({ sent_to: 'd••••@example.com', minutes: 10 })),
      http.post('/api/v1/member-sign-in', async ({ request }) => {
        const { code } = (await request.json()) as { code: string };
        codes.push(code);
        if (code !== '482913') {
          const words = 'This code is not right. Please check the e-mail we sent and try again.';
          return refusal(422, words, [{ target_element: 'code', error_message: words }]);
        }
        signedIn = true;
        return success({ policies: 1 });
      }),
    );
    drawn();
    expect((await screen.findByText(/No policy is open on this browser yet/)).textContent).toBe('No policy is open on this browser yet.');
    fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: 'dana.okafor@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send me a code' }));
    expect((await screen.findByText(/a code is on its way/)).textContent).toBe('If d••••@example.com holds a policy here, a code is on its way. It works for 10 minutes.');
    const code = screen.getByLabelText('The code from the e-mail');
    fireEvent.change(code, { target: { value: '000 000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show my policies' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This code is not right. Please check the e-mail we sent and try again.');
    expect(code.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(code, { target: { value: '482913' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show my policies' }));
    expect((await screen.findByRole('heading', { name: 'Policy 2026120101' })).textContent).toBe('Policy 2026120101');
    expect(screen.getByText(/^Covers:/).textContent).toBe('Covers: Dana Okafor, Zoë Okafor');
    expect(codes).toEqual(['000000', '482913']);
    fireEvent.click(screen.getByRole('button', { name: 'Open policy 2026120101' }));
    expect(await screen.findByText('the receipt')).toBeTruthy();
    expect(localStorage.getItem('tempId')).toBe('31');
  });
});
