import { render, screen, spanish } from '../../../testing/render';
import { http } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { Schema } from '../../../lib/api';
import { server, success } from '../../../testing/server';
import { PlanDetailPage } from './plan-detail-page';

const plan: Schema<'PlanDetail'> = {
  plan_id: 1101,
  plan_name: 'Brightbite Dental Preferred PPO',
  plan_type: 'STD',
  plan_logo: '/logos/brightbite.svg',
  plan_short_text: '',
  plan_category: 'dental',
  carrier_name: 'Brightbite',
  highlights: [],
  plan_desc: {
    header_text: '',
    blueBarText: '',
    body_text: 'Cobertura dental con una red nacional de dentistas.',
    association_text: '',
    exclusions_text_name: '',
    exclusions_text: '',
    example_text_name: '',
    example_text: '',
    faq_text_name: '',
    faq_text: '',
  },
  is_prudential_plan: false,
  hides_price: false,
  documents: [],
};

const line: Schema<'PriceLine'> = {
  coverage: 'Member Only',
  plan_id: 1101,
  plan_pricing_id: 7,
  plan_name: 'Brightbite Dental Preferred PPO',
  option_name: 'Miembro solamente',
  plan_price: 29.25,
  is_prudential_plan: false,
};

function serveThePlan() {
  server.use(
    http.get('/api/v1/get-plan-detail/1101', () => success(plan)),
    http.get('/api/v1/get-plan-pricing-detail', () => success({ plans: [line], hides_price: false, notices: [] })),
    http.get('/api/v1/shop/5/plan/1101', () => success({ step: null, buttons: [], membership: null, ready: true })),
    http.get('/api/v1/get-related-plans', () => success({ result: [] })),
  );
}

describe('the plan’s page', () => {
  it('speaks Spanish when Spanish is chosen', async () => {
    serveThePlan();
    render(
      <MemoryRouter initialEntries={['/plan/1101/brightbite']}>
        <PlanDetailPage
          enrollmentId="5"
          planId="1101"
          addToCart={() => Promise.resolve()}
          renderQuote={() => null}
          renderPopup={() => null}
          renderOffers={() => null}
        />
      </MemoryRouter>,
      { language: await spanish() },
    );
    expect(await screen.findByRole('heading', { name: 'Su precio' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Precio mensual' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Agregar al carrito: Miembro solamente' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Acerca de este plan' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Ruta de navegación' }).textContent).toBe('Inicio › Planes › Brightbite Dental Preferred PPO');
  });
});
