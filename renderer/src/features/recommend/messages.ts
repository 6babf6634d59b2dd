import { defineMessages } from '../../lib/i18n';

export const m = defineMessages({
  breadcrumb: { id: 'recommend.breadcrumb', defaultMessage: 'Breadcrumb' },
  trail: { id: 'recommend.trail', defaultMessage: '<home>Home</home> › <here>Recommended Products</here>' },
  trailFromCart: { id: 'recommend.trailFromCart', defaultMessage: '<home>Home</home> › <cart>Cart</cart> › <here>Recommended Products</here>' },
  none: { id: 'recommend.none', defaultMessage: 'No Any Products' },
  linkNotValid: { id: 'recommend.linkNotValid', defaultMessage: 'This link is not valid.' },
  linkNotOpened: { id: 'recommend.linkNotOpened', defaultMessage: 'This link could not be opened. Please try again.' },
  opening: { id: 'recommend.opening', defaultMessage: 'Opening the plan…' },
  cannotOpen: { id: 'recommend.cannotOpen', defaultMessage: 'This plan link cannot be opened' },
  backToHomepage: { id: 'recommend.backToHomepage', defaultMessage: 'Back to Homepage' },
});
