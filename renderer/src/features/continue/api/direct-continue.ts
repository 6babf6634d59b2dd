import { type PathParams, type Schema, api } from '../../../lib/api';

/** `token` is the sealed token of the continue e-mail's link; the answer says where to resume, as continue-enrollment's. */
export function directContinue(path: PathParams<'/direct-continue/{token}'>): Promise<Schema<'ResumedByLink'>> {
  return api.get('/direct-continue/{token}', { path });
}
