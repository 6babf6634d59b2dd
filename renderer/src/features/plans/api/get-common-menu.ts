import { api } from '../../../lib/api';

/** The categories the menu above the plans shows, by name. */
export type GetCommonMenuAnswer = string[];

export function getCommonMenu(): Promise<GetCommonMenuAnswer> {
  return api.get('/get-common-menu');
}
