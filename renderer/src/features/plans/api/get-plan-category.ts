import { type Answer, api } from '../../../lib/api';

export function getPlanCategory(): Promise<Answer<'/get-plan-category'>> {
  return api.get('/get-plan-category');
}
