import { benefit, device, type BenefitContent } from '../../../lib/benefit';

/** Whether this device answered the location banner on this site: statusCode 200 (with its consent and ZIP) or 204. */
export type LeadCheck = BenefitContent<'/check-lead-information'>;

export function checkLeadInformation(): Promise<LeadCheck> {
  return benefit.getWhole('/check-lead-information', { query: device() });
}
