import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type Schema, api } from '../../../lib/api';

export type Console = Schema<'Console'>;
export type GroupSettings = Schema<'GroupSettings'>;
export type Contribution = Schema<'Contribution'>;
export type CensusEmployee = Schema<'CensusEmployee'>;
export type CensusQuote = Schema<'CensusQuote'>;
export type EmployeeForm = Schema<'EmployeeForm'>;

/** The console's front page: the group, its settings, what it may offer, the census's counts, participation. */
export const consoleQuery = queryOptions({
  queryKey: ['employer', 'console'],
  queryFn: (): Promise<Console> => api.get('/employer', {}),
  retry: false,
});

export const censusQuery = queryOptions({
  queryKey: ['employer', 'census'],
  queryFn: (): Promise<CensusEmployee[]> => api.get('/employer/census', {}),
});

/** Where the census template and the participation export are downloaded. */
export const TEMPLATE_URL = '/api/v1/employer/census/template';
export const EXPORT_URL = '/api/v1/employer/participation/export';

/** Everything the console shows is read again after a change: the census changes participation, and so on. */
function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['employer'] });
}

export function useSaveSettings() {
  const client = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (settings: GroupSettings): Promise<Console> => api.put('/employer/settings', { body: settings }),
    onSuccess: (console) => {
      client.setQueryData(consoleQuery.queryKey, console);
      return refresh();
    },
  });
}

export function useImportCensus() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (file: File): Promise<Schema<'Imported'>> => api.post('/employer/census', { body: file }),
    onSuccess: () => refresh(),
  });
}

export function useAddEmployee() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (employee: EmployeeForm): Promise<CensusEmployee[]> => api.post('/employer/employees', { body: employee }),
    onSuccess: () => refresh(),
  });
}

export function useTerminate() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ employeeId, lastDay }: { employeeId: number; lastDay: string }): Promise<CensusEmployee[]> =>
      api.post('/employer/employees/{employee_id}/terminate', { path: { employee_id: String(employeeId) }, body: { last_day: lastDay } }),
    onSuccess: () => refresh(),
  });
}

/** The census quote under the group's contribution and the what-ifs (by kind of coverage) beside it. */
export function useQuote() {
  return useMutation({
    mutationFn: (whatIf: Record<string, Contribution>[]): Promise<CensusQuote> => api.post('/employer/quote', { body: { what_if: whatIf } }),
  });
}

/** E-mails each eligible employee not invited yet their invitation. */
export function useInvite() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (): Promise<Schema<'Invited'>> => api.post('/employer/invitations', {}),
    onSuccess: () => refresh(),
  });
}

export type DeductionFile = Schema<'DeductionFile'>;

export const deductionsQuery = queryOptions({
  queryKey: ['employer', 'deductions'],
  queryFn: (): Promise<DeductionFile[]> => api.get('/employer/deductions', {}),
});

/** Where a pay period's deduction file is downloaded. */
export function deductionsUrl(periodStart: string): string {
  return `/api/v1/employer/deductions/${encodeURIComponent(periodStart)}`;
}

/** Makes this pay period's deduction file (once a period: asked again, the file already made). */
export function useMakeDeductions() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (): Promise<DeductionFile> => api.post('/employer/deductions', {}),
    onSuccess: () => refresh(),
  });
}

/** Asks for a sign-in code at the address (the answer is the same when it is no group's). */
export function useSendAdminCode() {
  return useMutation({
    mutationFn: (email: string): Promise<Schema<'CodeSent'>> => api.post('/employer/sign-in/send-code', { body: { email } }),
  });
}

/** The code from the e-mail opens the console: everything it shows is read again. */
export function useAdminSignIn() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (code: string): Promise<Schema<'AdminSignedIn'>> => api.post('/employer/sign-in', { body: { code } }),
    onSuccess: () => refresh(),
  });
}
