import { benefit, device, type BenefitContent } from '../../../lib/benefit';

export type LeadAnswer = BenefitContent<'/get-lead-information'>;

/** What the visitor answered: their position, which the server turns into the nearest ZIP code, or that they declined. */
export type StoreInformation = { consent: 'allowed'; latitude: number; longitude: number } | { consent: 'declined' };

export function getLeadInformation(information: StoreInformation): Promise<LeadAnswer> {
  return benefit.getWhole('/get-lead-information', { query: { store_information: JSON.stringify(information), ...device() } });
}
