import { api } from '../../../lib/api';

export interface GetLeftSideFilterFieldsRequest {
  enrollment_id: string;
}

export interface SideCategory {
  category: string;
  display_name: string;
  count: number;
}

export interface GetLeftSideFilterFieldsAnswer {
  result: { categories: SideCategory[] };
}

export function getLeftSideFilterFields({ enrollment_id }: GetLeftSideFilterFieldsRequest): Promise<GetLeftSideFilterFieldsAnswer> {
  return api.get(`/get-left-side-filter-fields?enrollment_id=${enrollment_id}`);
}
