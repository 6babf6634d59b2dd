import { type Answer, api } from '../../../lib/api';

/** Every category with its name, for the menu's labels. */
export function getPlanCategory(): Promise<Answer<'/get-plan-category'>> {
  return api.get('/get-plan-category');
}
