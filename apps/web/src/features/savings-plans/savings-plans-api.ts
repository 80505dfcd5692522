import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { instrumentEndpoints as instruments } from '@kontor/domain/endpoints/instruments';
import { savingsPlanEndpoints as plans } from '@kontor/domain/endpoints/savings-plans';
import { instrumentSearchParams } from '@kontor/domain/instrument-search';
import type { SavingsPlanChange, SavingsPlanInput } from '@kontor/domain/savings-plan-contracts';
import { fieldErrorMap, type FieldError } from '@kontor/domain/backend-error';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/** The Sparpläne pages show every error themselves, where the customer is. */
const quiet = { skipGlobalErrorHandler: true } as const;
const plansKey = ['savingsPlans'] as const;

export function useSavingsPlans() {
  return useQuery({
    queryKey: [...plansKey, 'list'],
    queryFn: ({ signal }) => api.call(plans.list, { signal, ...quiet }),
  });
}

export function useSavingsPlan(id: string) {
  return useQuery({
    queryKey: [...plansKey, 'detail', id],
    queryFn: ({ signal }) => api.call(plans.detail, { params: { id }, signal, ...quiet }),
  });
}

/**
 * The ex-ante costs and the first executions of the terms as they stand in the form; null while
 * the terms are incomplete. The last answer stays while the next one loads.
 */
export function useSavingsPlanPreview(input: SavingsPlanInput | null) {
  return useQuery({
    queryKey: [...plansKey, 'preview', input],
    queryFn: ({ signal }) => api.call(plans.preview, { body: input!, signal, ...quiet }),
    enabled: input !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Instruments a savings plan can buy (GET /api/instrumentsearch?sparplan=true). */
export function useSavingsInstrumentSearch(q: string) {
  return useQuery({
    queryKey: ['instruments', 'sparplan', q],
    queryFn: ({ signal }) =>
      api.call(instruments.search, {
        query: instrumentSearchParams({ q, sparplan: true, size: 10 }),
        signal,
        ...quiet,
      }),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
  });
}

/** A plan changed: the list, its detail and the depot (an execution may follow) are stale. */
function useRefreshPlans() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: plansKey }), client.invalidateQueries({ queryKey: queryKeys.depot })]);
}

export function useCreateSavingsPlan() {
  const refresh = useRefreshPlans();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: SavingsPlanInput; idempotencyKey: string }) =>
      api.call(plans.create, { body: input, idempotencyKey, ...quiet }),
    onSuccess: refresh,
  });
}

export function useChangeSavingsPlan(id: string) {
  const refresh = useRefreshPlans();
  return useMutation({
    mutationFn: (change: SavingsPlanChange) => api.call(plans.change, { params: { id }, body: change, ...quiet }),
    onSuccess: refresh,
  });
}

export type PlanAction = 'pause' | 'resume' | 'delete';

/** Pausieren, Fortsetzen, Löschen. */
export function useSavingsPlanAction(id: string) {
  const refresh = useRefreshPlans();
  return useMutation({
    mutationFn: (action: PlanAction) =>
      api.call(action === 'delete' ? plans.remove : action === 'pause' ? plans.pause : plans.resume, { params: { id }, ...quiet }),
    onSuccess: refresh,
  });
}

/** Field errors of a 400 or 422 answer by the plan form's field (`amount`, `day`, …). */
export const serverFieldErrors = (errors: readonly FieldError[]): Record<string, string> => fieldErrorMap(errors, (field) => field.split('.')[0]);
