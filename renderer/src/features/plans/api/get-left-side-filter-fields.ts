import { type Query, api } from '../../../lib/api';

export interface SideCategory {
  category: string;
  display_name: string;
  count: number;
}

export interface GetLeftSideFilterFieldsAnswerAsRead {
  result: { categories: SideCategory[] };
}

export function getLeftSideFilterFields(query: Query<'/get-left-side-filter-fields'>): Promise<GetLeftSideFilterFieldsAnswerAsRead> {
  return api.get('/get-left-side-filter-fields', { query });
}
