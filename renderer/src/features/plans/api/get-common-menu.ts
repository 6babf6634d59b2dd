import { type Answer, api } from '../../../lib/api';

/** The categories the menu above the plans shows, by name. */
export function getCommonMenu(): Promise<Answer<'/get-common-menu'>> {
  return api.get('/get-common-menu');
}
