// The second root: the benefit service (recommendations, the help chat, leads), served beside the api with its own
// OpenAPI document and the same session cookie. Its root is the site's to say (get-default-info's `benefit_root`), so
// the service can move without a new renderer; SiteProvider sets it with each answer.
import { type AnswerIn, type BodyIn, type ContentIn, type Method, type PathIn, clientOf } from './api';
import type { paths } from './benefit-contract';
import { deviceId } from './storage';

export const DEFAULT_BENEFIT_ROOT = '/benefit/v1';

let root = DEFAULT_BENEFIT_ROOT;

/** Where the benefit service answers from now on (the default when the site names none). */
export function setBenefitRoot(value: string | null | undefined) {
  root = value?.replace(/\/+$/, '') || DEFAULT_BENEFIT_ROOT;
}

/**
 * The typed client of the benefit service: `benefit.get('/recommendation/filter', { query })` answers the envelope's
 * data; `benefit.getWhole('/check-lead-information', { query })` the whole answer of a call the spec answers outside it.
 */
export const benefit = clientOf<paths>(() => root);

export type BenefitPath<M extends Method = 'get'> = PathIn<paths, M>;
export type BenefitAnswer<P extends BenefitPath<M>, M extends Method = 'get'> = AnswerIn<paths, P, M>;
export type BenefitContent<P extends BenefitPath<M>, M extends Method = 'get'> = ContentIn<paths, P, M>;
export type BenefitBody<P extends BenefitPath<M>, M extends Method = 'post'> = BodyIn<paths, P, M>;

/** Who is asking, as the benefit service's leads and chat key it: this browser's id and the page it is on. */
export function device(): { device_id: string; web_url: string } {
  return { device_id: deviceId.get(), web_url: window.location.href };
}
