import { defineMessages } from '../../lib/i18n';

export const m = defineMessages({
  breadcrumb: { id: 'plan-detail.breadcrumb', defaultMessage: 'Breadcrumb' },
  trail: { id: 'plan-detail.trail', defaultMessage: '<home>Home</home> › <back>{listing}</back> › <current>{plan}</current>' },
  trailWithBar: {
    id: 'plan-detail.trailWithBar',
    defaultMessage: '<home>Home</home> › <back>{listing}</back> › <current>{plan}</current> › <bar>{text}</bar>',
  },
  plans: { id: 'plan-detail.plans', defaultMessage: 'Plans' },
  pricingUnavailable: { id: 'plan-detail.pricingUnavailable', defaultMessage: 'Pricing is not available right now.' },
  notAdded: { id: 'plan-detail.notAdded', defaultMessage: 'The plan could not be added.' },
  yourPrice: { id: 'plan-detail.yourPrice', defaultMessage: 'Your price' },
  coverage: { id: 'plan-detail.coverage', defaultMessage: 'Coverage' },
  level: { id: 'plan-detail.level', defaultMessage: 'Level' },
  monthlyPrice: { id: 'plan-detail.monthlyPrice', defaultMessage: 'Monthly price' },
  yearlyCostMedium: { id: 'plan-detail.yearlyCostMedium', defaultMessage: 'Estimated yearly cost (medium use)' },
  action: { id: 'plan-detail.action', defaultMessage: 'Action' },
  shownInCart: { id: 'plan-detail.shownInCart', defaultMessage: 'Shown in your cart' },
  noEstimate: { id: 'plan-detail.noEstimate', defaultMessage: '—' },
  addToCartOption: { id: 'plan-detail.addToCartOption', defaultMessage: 'Add to Cart: {option}' },
  addToCart: { id: 'plan-detail.addToCart', defaultMessage: 'Add to Cart' },
  aboutThisPlan: { id: 'plan-detail.aboutThisPlan', defaultMessage: 'About this plan' },
  documents: { id: 'plan-detail.documents', defaultMessage: 'Plan documents' },
  suggested: { id: 'plan-detail.suggested', defaultMessage: 'Suggested Products' },
  startingFrom: { id: 'plan-detail.startingFrom', defaultMessage: 'Starting From:' },
  alreadyActive: { id: 'plan-detail.alreadyActive', defaultMessage: 'Already active' },
  ok: { id: 'plan-detail.ok', defaultMessage: 'OK' },
});
