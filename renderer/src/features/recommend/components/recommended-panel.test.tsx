import { fireEvent, render, screen, spanish, within } from '../../../testing/render';
import { http } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { server, success } from '../../../testing/server';
import type { RecommendCard } from '../api/get-recommended-cards';
import { RecommendListPage } from './recommend-list-page';
import { RecommendedPanel } from './recommended-panel';

const card = (id: number, notice: RecommendCard['notice'] = null): RecommendCard => ({
  plan_id: id, plan_name: `Plan ${id}`, plan_logo: '', plan_short_text: '', plan_category: 'dental', category_name: 'Dental',
  carrier_name: 'Brightbite', starting_from: 10 + id, priced_for_you: true, link: `/plan/enc-${id}/plan-${id}?agentId=enc-a`, notice,
});

/** The benefit service recommending `cards` (by association on the cart, by people alike elsewhere). */
function recommending(cards: RecommendCard[], { association = true } = {}) {
  const asked: string[] = [];
  const ids = cards.map((c) => ({ plan_id: c.plan_id, score: 1, reason: '' }));
  server.use(
    http.get('/benefit/v1/recommendation/association', () => {
      asked.push('association');
      return success({ basis: 'association', recommendations: association ? ids : [] });
    }),
    http.get('/benefit/v1/recommendation/filter', () => {
      asked.push('filter');
      return success({ basis: 'people_like_you', recommendations: ids });
    }),
    http.get('/benefit/v1/recommendation/plan-details', ({ request }) => {
      const list = new URL(request.url).searchParams.get('plan_list')?.split(',').map(Number) ?? [];
      return success(cards.filter((c) => list.includes(c.plan_id)));
    }),
  );
  return asked;
}

describe('Recommended Products', () => {
  beforeEach(() => {
    localStorage.setItem('tempId', '42');
  });

  it('on the cart shows five cards at most, closes and opens, and View All shows every card in place', async () => {
    recommending([1, 2, 3, 4, 5, 6, 7].map((id) => card(id)));
    render(
      <MemoryRouter>
        <RecommendedPanel page="cart" />
      </MemoryRouter>,
    );
    const toggle = await screen.findByRole('button', { name: 'Recommended Products' });
    const carousel = screen.getByRole('group', { name: 'Recommended products' });
    expect(within(carousel).getAllByRole('listitem').length).toBeLessThanOrEqual(5);
    expect(screen.getAllByText((_, element) => element?.textContent === 'Starting From: $11.00/mo' && element.tagName === 'P')).toHaveLength(1);
    expect(screen.getByRole('link', { name: /^More Info\s*: Plan 1$/ }).getAttribute('href')).toBe('/plan/enc-1/plan-1?agentId=enc-a');

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('button', { name: 'View All' })).toBeNull();
    fireEvent.click(toggle);

    fireEvent.click(screen.getByRole('button', { name: 'View All' }));
    expect(screen.queryByRole('group', { name: 'Recommended products' })).toBeNull();
    expect(screen.getAllByRole('link', { name: /^More Info\s*: / })).toHaveLength(7);
    expect(screen.getByRole('button', { name: 'View Less' })).toBeTruthy();
  });

  it('asks what people alike choose when no plan goes with the cart', async () => {
    const asked = recommending([card(3)], { association: false });
    render(
      <MemoryRouter>
        <RecommendedPanel page="cart" />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('link', { name: /^More Info\s*: Plan 3$/ })).toBeTruthy();
    expect(asked).toEqual(['association', 'filter']);
  });

  it('says why a plan the member already has cannot be opened, with OK', async () => {
    recommending([card(1, { code: 'alreadyActive', message: 'You already have this plan active.' })]);
    render(
      <MemoryRouter>
        <RecommendedPanel page="home" />
      </MemoryRouter>,
    );
    fireEvent.click(await screen.findByRole('button', { name: /^More Info\s*: Plan 1$/ }));
    expect(screen.getByText('You already have this plan active.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByText('You already have this plan active.')).toBeNull();
  });

  it('shows nothing when there is nothing to recommend, and the list page says No Any Products under its breadcrumbs', async () => {
    recommending([]);
    render(
      <MemoryRouter initialEntries={['/RecommendList?page=home']}>
        <Routes>
          <Route path="/RecommendList" element={<RecommendListPage />} />
        </Routes>
        <RecommendedPanel page="home" />
      </MemoryRouter>,
    );
    expect(await screen.findByText('No Any Products')).toBeTruthy();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(crumbs.textContent).toBe('Home › Recommended Products');
    expect(screen.queryByRole('button', { name: 'Recommended Products' })).toBeNull();
  });

  it('the recommended products speak Spanish when Spanish is chosen', async () => {
    recommending([1, 2].map((id) => card(id)));
    render(
      <MemoryRouter>
        <RecommendedPanel page="cart" />
      </MemoryRouter>,
      { language: await spanish() },
    );
    expect(await screen.findByRole('button', { name: 'Productos recomendados' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ver todo' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /^Más información\s*: Plan 1$/ })).toBeTruthy();
    expect(screen.getAllByText((_, element) => element?.textContent === 'Desde: $11.00/mes' && element.tagName === 'P')).toHaveLength(1);
  });
});
