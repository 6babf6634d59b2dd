import { benefit, type BenefitAnswer, type BenefitBody } from '../../../lib/benefit';

export type OpenedIds = BenefitAnswer<'/decrypt-detail', 'post'>[number];

/** Opens a card link's sealed ids; refuses a tampered or foreign one with 422 `This link is not valid.`. */
export async function decryptDetail(body: BenefitBody<'/decrypt-detail'>): Promise<OpenedIds | null> {
  const opened = await benefit.post('/decrypt-detail', { body });
  return opened[0] ?? null;
}
