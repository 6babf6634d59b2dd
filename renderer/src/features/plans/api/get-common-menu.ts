import { api } from '../../../lib/api';

/** The categories the menu above the plans shows, by name. */
export type GetCommonMenuAnswerAsRead = string[];

export function getCommonMenu(): Promise<GetCommonMenuAnswerAsRead> {
  return api.get('/get-common-menu');
}
