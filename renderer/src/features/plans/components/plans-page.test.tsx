import { fireEvent, render, screen, spanish, within } from '../../../testing/render';
import { HttpResponse, http } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { Schema } from '../../../lib/api';
import type { Chosen } from '../../../lib/i18n';
import { ONE_COLUMN_QUERY } from '../../../lib/media';
import { screenMatching } from '../../../testing/screen';
import { server, success } from '../../../testing/server';
import { PlansPage } from './plans-page';

const plan: Schema<'PlanCard'> = {
  plan_id: 1101, plan_name: 'Brightbite Dental Preferred PPO', plan_type: 'STD', plan_logo: '/logos/brightbite.svg', plan_short_text: '',
  plan_price: 29.25, plan_category: 'dental', carrier_name: 'Brightbite', highlights: [],
};

function serveTwoCategories() {
  server.use(
    http.get('/api/v1/get-filtered-plans', () => success({ result: [plan], message: null, total: 1 })),
    http.get('/api/v1/get-plan-category', () =>
      success([
        { category: 'dental', display_name: 'Dental', image: '' },
        { category: 'vision', display_name: 'Vision', image: '' },
      ]),
    ),
    http.get('/api/v1/get-common-menu', () => success(['dental', 'vision'])),
    http.get('/api/v1/get-left-side-filter-fields', () =>
      success({
        result: {
          categories: [
            { category: 'dental', display_name: 'Dental', section_name: 'Dental', count: 1, selected: true },
            { category: 'vision', display_name: 'Vision', section_name: 'Vision', count: 2, selected: false },
          ],
        },
      }),
    ),
  );
}

function drawPlansPage(language?: Chosen) {
  return render(
    <MemoryRouter initialEntries={['/plans?type=dental']}>
      <PlansPage enrollmentId="5" parties={null} renderQuote={() => null} />
    </MemoryRouter>,
    { language },
  );
}

function listingWithTwoCategories() {
  serveTwoCategories();
  return drawPlansPage();
}

describe('the plans page', () => {
  it('shows the category filter beside the plans on a wide screen', async () => {
    screenMatching();
    const { container } = listingWithTwoCategories();
    const filter = await screen.findByRole('group', { name: 'Filter by category' });
    expect(within(filter).getByRole('checkbox', { name: 'Dental (1)' })).toHaveProperty('checked', true);
    expect(container.querySelector('details')).toBeNull();
  });

  it('folds the category filter on a phone behind a line that says how many categories are ticked', async () => {
    screenMatching(ONE_COLUMN_QUERY);
    const { container } = listingWithTwoCategories();
    const vision = await screen.findByRole('checkbox', { name: 'Vision (2)', hidden: true });
    const folded = container.querySelector('details');
    expect(folded?.open).toBe(false);
    expect(folded?.querySelector('summary')?.textContent).toBe('Filter by category (1 chosen)');
    fireEvent.click(vision);
    expect(folded?.querySelector('summary')?.textContent).toBe('Filter by category (2 chosen)');
  });

  it('shows the recommended products only once the listing is drawn, even when the plans come before the categories', async () => {
    let releaseCategories = () => undefined as void;
    const categoriesRead = new Promise<void>((resolve) => (releaseCategories = resolve));
    let plansAnswered = () => undefined as void;
    const plansServed = new Promise<void>((resolve) => (plansAnswered = resolve));
    server.use(
      http.get('/api/v1/get-filtered-plans', () => {
        plansAnswered();
        return success({ result: [plan], message: null, total: 1 });
      }),
      http.get('/api/v1/get-plan-category', async () => {
        await categoriesRead;
        return success([{ category: 'dental', display_name: 'Dental', image: '' }]);
      }),
      http.get('/api/v1/get-common-menu', () => success(['dental'])),
      http.get('/api/v1/get-left-side-filter-fields', () => success({ result: { categories: [] } })),
    );
    render(
      <MemoryRouter initialEntries={['/plans?type=dental']}>
        <PlansPage enrollmentId="5" parties={null} renderQuote={() => null} recommended={<p>Recommended for you</p>} />
      </MemoryRouter>,
    );
    // The plans are in; their categories are not: nothing but Loading… where the listing goes, and no recommendations
    // a person could take for the listing's first plan.
    await plansServed;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByText('Loading…')).toBeTruthy();
    expect(screen.queryByText('Recommended for you')).toBeNull();

    releaseCategories();
    expect(await screen.findByRole('link', { name: 'More Info about Brightbite Dental Preferred PPO' })).toBeTruthy();
    expect(screen.getByText('Recommended for you')).toBeTruthy();
  });

  it('never draws an older listing over the one for the categories now chosen, however late it arrives', async () => {
    screenMatching();
    const vision: Schema<'PlanCard'> = { ...plan, plan_id: 1201, plan_name: 'ClearView Vision Basic', plan_category: 'vision' };
    let releaseDental = () => undefined as void;
    const dentalHeld = new Promise<void>((resolve) => (releaseDental = resolve));
    let dentalAnswered = () => undefined as void;
    const dentalDone = new Promise<void>((resolve) => (dentalAnswered = resolve));
    serveTwoCategories();
    server.use(
      http.get('/api/v1/get-filtered-plans', async ({ request }) => {
        const categories = new URL(request.url).searchParams.get('categories');
        if (categories === 'dental') {
          await dentalHeld;
          setTimeout(dentalAnswered, 0);
          return success({ result: [plan], message: null, total: 1 });
        }
        return success({ result: [vision], message: null, total: 1 });
      }),
    );
    drawPlansPage();
    // Dental's listing is still on its way when the person ticks Vision and unticks Dental.
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Vision (2)' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Dental (1)' }));
    expect(await screen.findByRole('link', { name: 'More Info about ClearView Vision Basic' })).toBeTruthy();
    releaseDental();
    await dentalDone;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('link', { name: 'More Info about ClearView Vision Basic' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'More Info about Brightbite Dental Preferred PPO' })).toBeNull();
  });

  it('says why the plans could not be loaded and reads them again on Try again', async () => {
    screenMatching();
    serveTwoCategories();
    let asked = 0;
    server.use(
      http.get('/api/v1/get-filtered-plans', () => {
        asked += 1;
        return asked === 1
          ? HttpResponse.json({ status: 'error', statusCode: 503, message: 'The service is temporarily unavailable. Please try again in a minute.', data: [] }, { status: 503 })
          : success({ result: [plan], message: null, total: 1 });
      }),
    );
    drawPlansPage();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The service is temporarily unavailable');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'More Info about Brightbite Dental Preferred PPO' })).toBeTruthy();
  });

  it('speaks Spanish when Spanish is chosen', async () => {
    screenMatching();
    serveTwoCategories();
    drawPlansPage(await spanish());
    const filter = await screen.findByRole('group', { name: 'Filtrar por categoría' });
    expect(within(filter).getByRole('checkbox', { name: 'Dental (1)' })).toHaveProperty('checked', true);
    expect(screen.getByRole('region', { name: 'Ordenar y filtrar' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Ordenar por' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Ruta de navegación' }).textContent).toBe('Inicio › Dental');
  });
});
