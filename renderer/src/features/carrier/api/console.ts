// The carriers' console's calls (`/carrier/...`): who is signed in, the plans' questions, the draft, its preview,
// publishing and bringing back, and a version as a workflow file. Each is the server's; the rules are its too.
import { queryOptions } from '@tanstack/react-query';
import { type Answer, type Body, type Schema, api } from '../../../lib/api';

export type PlanQuestions = Schema<'PlanQuestions'>;

/** Who is signed in to the console (401 for a session that is not a carrier's). */
export function getCarrierMe(): Promise<Answer<'/carrier/me'>> {
  return api.get('/carrier/me');
}

export const carrierMeQuery = queryOptions({ queryKey: ['carrier', 'me'], queryFn: getCarrierMe });

/** Signs the carrier's staff member out of the console. */
export function signOut(): Promise<Answer<'/carrier/sign-out', 'post'>> {
  return api.post('/carrier/sign-out');
}

/** The questions of each of the carrier's plans. */
export function getQuestionnaires(): Promise<PlanQuestions[]> {
  return api.get('/carrier/questionnaires');
}

export const questionnairesQuery = queryOptions({ queryKey: ['carrier', 'questionnaires'], queryFn: getQuestionnaires });

/** The form the console edits a plan's questions with (the server's schema and uiSchema). */
export function getQuestionnaireForm(): Promise<Answer<'/carrier/questionnaire-form'>> {
  return api.get('/carrier/questionnaire-form');
}

export const questionnaireFormQuery = queryOptions({ queryKey: ['carrier', 'questionnaire-form'], queryFn: getQuestionnaireForm, staleTime: Infinity });

/** Saves the plan's draft; refused (422) with the checker's words at the field they are about. */
export function saveDraft(planId: number, body: Body<'/carrier/questionnaires/{plan_id}/draft', 'put'>): Promise<PlanQuestions> {
  return api.put('/carrier/questionnaires/{plan_id}/draft', { path: { plan_id: String(planId) }, body });
}

/** Discards the plan's draft. */
export function discardDraft(planId: number): Promise<PlanQuestions> {
  return api.delete('/carrier/questionnaires/{plan_id}/draft', { path: { plan_id: String(planId) } });
}

/** The draft's popups (what is published, without a draft) as an applicant meets them. */
export function getPreview(planId: number): Promise<Answer<'/carrier/questionnaires/{plan_id}/draft/preview'>> {
  return api.get('/carrier/questionnaires/{plan_id}/draft/preview', { path: { plan_id: String(planId) } });
}

/** A preview's popup answered as an applicant would: accepted or declined, and the words shown. */
export function tryPreview(
  planId: number,
  body: Body<'/carrier/questionnaires/{plan_id}/draft/preview'>,
): Promise<Answer<'/carrier/questionnaires/{plan_id}/draft/preview', 'post'>> {
  return api.post('/carrier/questionnaires/{plan_id}/draft/preview', { path: { plan_id: String(planId) }, body });
}

/** Publishes the draft as a new version of the workflows (409 when it was published or changed meanwhile). */
export function publishDraft(planId: number, body: Body<'/carrier/questionnaires/{plan_id}/draft/publish'>): Promise<Schema<'Published'>> {
  return api.post('/carrier/questionnaires/{plan_id}/draft/publish', { path: { plan_id: String(planId) }, body });
}

/** Publishes an earlier version again (a rollback). */
export function publishAgain(planId: number, publishId: number, body: Body<'/carrier/questionnaires/{plan_id}/versions/{publish_id}/publish'>): Promise<Schema<'Published'>> {
  return api.post('/carrier/questionnaires/{plan_id}/versions/{publish_id}/publish', {
    path: { plan_id: String(planId), publish_id: String(publishId) },
    body,
  });
}

/** A version (`published`, `draft` or a publish's id) as the YAML of a workflow file. */
export function exportVersion(planId: number, version: string): Promise<Schema<'Exported'>> {
  return api.get('/carrier/questionnaires/{plan_id}/export', { path: { plan_id: String(planId) }, query: { version } });
}

/** A workflow file (YAML) becomes the plan's draft, checked as a draft is. */
export function importFile(planId: number, yaml: string): Promise<PlanQuestions> {
  return api.post('/carrier/questionnaires/{plan_id}/import', { path: { plan_id: String(planId) }, body: { yaml } });
}
