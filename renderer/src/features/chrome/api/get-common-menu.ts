import { type Answer, api } from '../../../lib/api';

/** The categories the site's menu offers, by key (the session's site decides which). */
export function getCommonMenu(): Promise<Answer<'/get-common-menu'>> {
  return api.get('/get-common-menu');
}
