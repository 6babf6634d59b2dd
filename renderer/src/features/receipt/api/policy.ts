import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type Schema, type Uploaded, api } from '../../../lib/api';
import { enrollmentKey } from '../../../lib/query';

/** A submitted application as a policy: its plans, their status and dates, and its changes. */
export type Policy = Schema<'Policy'>;

export function policyQuery(enrollmentId: string) {
  return queryOptions({
    queryKey: [...enrollmentKey(enrollmentId), 'policy'],
    queryFn: (): Promise<Policy> => api.get('/policies/{id}', { path: { id: enrollmentId } }),
  });
}

/** Ends a plan at the end of the month; the policy as it then stands replaces the one shown. */
export function useEndPlan(enrollmentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ planId, reason }: { planId: number; reason: string }): Promise<Policy> =>
      api.post('/policies/{id}/end-plan', { path: { id: enrollmentId }, body: { plan_id: planId, reason } }),
    onSuccess: (policy) => client.setQueryData(policyQuery(enrollmentId).queryKey, policy),
  });
}

/** A kind of life event the policy's member may report. */
export type LifeEventKind = Schema<'LifeEventKind'>;

export function lifeEventKindsQuery(enrollmentId: string) {
  return queryOptions({
    queryKey: [...enrollmentKey(enrollmentId), 'life-events'],
    queryFn: (): Promise<LifeEventKind[]> => api.get('/policies/{id}/life-events', { path: { id: enrollmentId } }),
    staleTime: Infinity,
  });
}

/** Reports a life event; the policy is read again to list it. */
export function useReportEvent(enrollmentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, eventDate }: { kind: string; eventDate: string }): Promise<Schema<'ReportedEvent'>> =>
      api.post('/policies/{id}/life-events', { path: { id: enrollmentId }, body: { kind, event_date: eventDate } }),
    // The policy lists it, and a person may now be added for it.
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: policyQuery(enrollmentId).queryKey }),
        client.invalidateQueries({ queryKey: personFormQuery(enrollmentId).queryKey }),
        client.invalidateQueries({ queryKey: removalFormQuery(enrollmentId).queryKey }),
        client.invalidateQueries({ queryKey: planChoicesQuery(enrollmentId).queryKey }),
      ]),
  });
}

/** What adding a person asks (the server's schema of a dependent), and the reported events it can be done for. */
export type PersonForm = Schema<'PersonForm'>;

export function personFormQuery(enrollmentId: string) {
  return queryOptions({
    queryKey: [...enrollmentKey(enrollmentId), 'add-person'],
    queryFn: (): Promise<PersonForm> => api.get('/policies/{id}/add-person', { path: { id: enrollmentId } }),
  });
}

/** Adds a person for a reported life event; the policy as it then stands replaces the one shown. */
export function useAddPerson(enrollmentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ lifeEventId, person }: { lifeEventId: number; person: Record<string, unknown> }): Promise<Policy> =>
      api.post('/policies/{id}/add-person', { path: { id: enrollmentId }, body: { life_event_id: lifeEventId, person } }),
    onSuccess: (policy) => {
      client.setQueryData(policyQuery(enrollmentId).queryKey, policy);
      // Someone added may be taken off later (a spouse, after a divorce).
      return Promise.all([
        client.invalidateQueries({ queryKey: personFormQuery(enrollmentId).queryKey }),
        client.invalidateQueries({ queryKey: removalFormQuery(enrollmentId).queryKey }),
      ]);
    },
  });
}

/** Who may be taken off the coverage, and for which reported events. */
export type RemovalForm = Schema<'RemovalForm'>;

export function removalFormQuery(enrollmentId: string) {
  return queryOptions({
    queryKey: [...enrollmentKey(enrollmentId), 'remove-person'],
    queryFn: (): Promise<RemovalForm> => api.get('/policies/{id}/remove-person', { path: { id: enrollmentId } }),
  });
}

/** Takes a person off the coverage for a reported life event; the policy as it then stands replaces the one shown. */
export function useRemovePerson(enrollmentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ lifeEventId, memberIndex }: { lifeEventId: number; memberIndex: number }): Promise<Policy> =>
      api.post('/policies/{id}/remove-person', { path: { id: enrollmentId }, body: { life_event_id: lifeEventId, member_index: memberIndex } }),
    onSuccess: (policy) => {
      client.setQueryData(policyQuery(enrollmentId).queryKey, policy);
      return client.invalidateQueries({ queryKey: removalFormQuery(enrollmentId).queryKey });
    },
  });
}

/** The policy's contact details as Contact Information asks them, filled with what it holds now. */
export type ContactForm = Schema<'ContactForm'>;

export function contactFormQuery(enrollmentId: string) {
  return queryOptions({
    queryKey: [...enrollmentKey(enrollmentId), 'contact'],
    queryFn: (): Promise<ContactForm> => api.get('/policies/{id}/contact', { path: { id: enrollmentId } }),
  });
}

/** Changes the address, phone or e-mail; the policy as it then stands replaces the one shown. */
export function useChangeContact(enrollmentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (contact: Record<string, unknown>): Promise<Policy> =>
      api.post('/policies/{id}/contact', { path: { id: enrollmentId }, body: { contact } }),
    onSuccess: (policy) => {
      client.setQueryData(policyQuery(enrollmentId).queryKey, policy);
      // A billing address that is the contact address follows it.
      return Promise.all([
        client.invalidateQueries({ queryKey: contactFormQuery(enrollmentId).queryKey }),
        client.invalidateQueries({ queryKey: paymentFormQuery(enrollmentId).queryKey }),
      ]);
    },
  });
}

/** How the policy is paid, as Billing Information asks it, filled with what it holds now (masked). */
export type PaymentForm = Schema<'PaymentForm'>;

export function paymentFormQuery(enrollmentId: string) {
  return queryOptions({
    queryKey: [...enrollmentKey(enrollmentId), 'payment'],
    queryFn: (): Promise<PaymentForm> => api.get('/policies/{id}/payment', { path: { id: enrollmentId } }),
  });
}

/** Changes how the policy is paid; the policy as it then stands replaces the one shown. */
export function useChangePayment(enrollmentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (billing: Record<string, unknown>): Promise<Policy> =>
      api.post('/policies/{id}/payment', { path: { id: enrollmentId }, body: { billing } }),
    onSuccess: (policy) => {
      client.setQueryData(policyQuery(enrollmentId).queryKey, policy);
      return client.invalidateQueries({ queryKey: paymentFormQuery(enrollmentId).queryKey });
    },
  });
}

/** Whose names the policy holds, and the name fields the application asked them under. */
export type NameForm = Schema<'NameForm'>;

export function nameFormQuery(enrollmentId: string) {
  return queryOptions({
    queryKey: [...enrollmentKey(enrollmentId), 'names'],
    queryFn: (): Promise<NameForm> => api.get('/policies/{id}/name', { path: { id: enrollmentId } }),
  });
}

/** Changes a covered person's name; the policy as it then stands replaces the one shown. */
export function useChangeName(enrollmentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ memberIndex, name }: { memberIndex: number; name: Record<string, unknown> }): Promise<Policy> =>
      api.post('/policies/{id}/name', { path: { id: enrollmentId }, body: { member_index: memberIndex, name } }),
    onSuccess: (policy) => {
      client.setQueryData(policyQuery(enrollmentId).queryKey, policy);
      return Promise.all([
        client.invalidateQueries({ queryKey: nameFormQuery(enrollmentId).queryKey }),
        client.invalidateQueries({ queryKey: removalFormQuery(enrollmentId).queryKey }),
      ]);
    },
  });
}

/** Sends a file as the document `proofKind` proving reported event `lifeEventId`, telling `onUpload` how much has
 * gone; the policy as it then stands replaces the one shown (the event's proof, in review). */
export function useSendDocument(enrollmentId: string, onUpload?: Uploaded) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ lifeEventId, proofKind, file }: { lifeEventId: number; proofKind: string; file: File }): Promise<Policy> =>
      api.post('/policies/{id}/documents', {
        path: { id: enrollmentId },
        query: { life_event_id: String(lifeEventId), proof_kind: proofKind, file_name: file.name },
        body: file,
        onUpload,
      }),
    onSuccess: (policy) => {
      client.setQueryData(policyQuery(enrollmentId).queryKey, policy);
      return client.invalidateQueries({ queryKey: personFormQuery(enrollmentId).queryKey });
    },
  });
}

/** The plans the member may choose for each reported event that lets them, priced for the household. */
export type PlanChoices = Schema<'PlanChoices'>;

export function planChoicesQuery(enrollmentId: string) {
  return queryOptions({
    queryKey: [...enrollmentKey(enrollmentId), 'plans'],
    queryFn: (): Promise<PlanChoices> => api.get('/policies/{id}/plans', { path: { id: enrollmentId } }),
  });
}

/** Chooses a plan for a reported life event; the policy as it then stands replaces the one shown. */
export function useChoosePlan(enrollmentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ lifeEventId, planId, pricingId }: { lifeEventId: number; planId: number; pricingId: number }): Promise<Policy> =>
      api.post('/policies/{id}/plans', {
        path: { id: enrollmentId },
        body: { life_event_id: lifeEventId, plan_id: planId, plan_pricing_id: pricingId },
      }),
    onSuccess: (policy) => {
      client.setQueryData(policyQuery(enrollmentId).queryKey, policy);
      return client.invalidateQueries({ queryKey: planChoicesQuery(enrollmentId).queryKey });
    },
  });
}

/** A change begun and saved to finish later (kept 30 days, sealed; a card number never kept). */
export type SavedChange = Schema<'SavedChange'>;
export type ChangeForm = SavedChange['form'];

/** What was saved of `form` on the policy, for `subject` (the event a person is added for, or whose name). */
export function savedOf(policy: Policy | undefined, form: ChangeForm, subject?: { lifeEventId?: number; memberIndex?: number }) {
  return policy?.saved.find(
    (s) =>
      s.form === form &&
      (subject?.lifeEventId === undefined || s.life_event_id === subject.lifeEventId) &&
      (subject?.memberIndex === undefined || s.member_index === subject.memberIndex),
  );
}

/** Saves what the form holds to finish later; the policy then lists it in place of what was saved of it before. */
export function useSaveChange(enrollmentId: string, form: ChangeForm) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ lifeEventId, memberIndex, values }: { lifeEventId?: number; memberIndex?: number; values: Record<string, unknown> }): Promise<Schema<'ChangeSaved'>> =>
      api.put('/policies/{id}/saved/{form}', {
        path: { id: enrollmentId, form },
        body: { life_event_id: lifeEventId, member_index: memberIndex, values },
      }),
    onSuccess: (answer) =>
      client.setQueryData(policyQuery(enrollmentId).queryKey, (policy) =>
        policy ? { ...policy, saved: [...policy.saved.filter((s) => s.form !== form), answer.saved] } : policy,
      ),
  });
}

/** Throws away what was saved of `form`; the policy as it then stands replaces the one shown. */
export function useDiscardChange(enrollmentId: string, form: ChangeForm) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<Policy> => api.delete('/policies/{id}/saved/{form}', { path: { id: enrollmentId, form } }),
    onSuccess: (policy) => client.setQueryData(policyQuery(enrollmentId).queryKey, policy),
  });
}
