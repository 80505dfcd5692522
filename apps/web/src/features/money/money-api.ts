import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuthorisationResult } from '@kontor/domain/auth-contracts';
import { moneyEndpoints as money } from '@kontor/domain/endpoints/money';
import type { AccountEntryKind } from '@kontor/domain/money-contracts';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/** The calls of the Geldtransfer page; the page shows every error itself, where the customer is. */
const quiet = { skipGlobalErrorHandler: true } as const;

export type HistoryFilter = { month: string | null; kind: AccountEntryKind | null };

const historyQuery = (filter: HistoryFilter) => ({ month: filter.month ?? undefined, kind: filter.kind ?? undefined });

/** The overview is read by the settings too, so it lives in parts/queries. */
export { useMoneyOverview } from '../../parts/queries/money-overview';

export function useAccountHistory(filter: HistoryFilter) {
  return useQuery({
    queryKey: queryKeys.moneyHistory(filter.month, filter.kind),
    queryFn: ({ signal }) => api.call(money.history, { signal, query: historyQuery(filter), ...quiet }),
    // The filter changes in place: keep the table until the new rows are there.
    placeholderData: keepPreviousData,
  });
}

/** The CSV of the account history; the session cookie authenticates the plain link. */
export const historyCsvUrl = (filter: HistoryFilter) => api.url('/api/moneytransaction/history.csv', historyQuery(filter));

/** Money moved: the cash figures, the history and the depot's cash are stale. */
function useRefreshMoney() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: queryKeys.money }), client.invalidateQueries({ queryKey: queryKeys.depot })]);
}

export function useSetReferenceAccount() {
  const refresh = useRefreshMoney();
  return useMutation({
    mutationFn: (iban: string) => api.call(money.setReferenceAccount, { body: { iban }, ...quiet }),
    onSuccess: refresh,
  });
}

export function usePayout() {
  const refresh = useRefreshMoney();
  return useMutation({
    mutationFn: (request: { amount: string; authorisation: AuthorisationResult; idempotencyKey: string }) =>
      api.call(money.payout, {
        body: { amount: request.amount, authorisation: request.authorisation },
        idempotencyKey: request.idempotencyKey,
        ...quiet,
      }),
    onSuccess: refresh,
  });
}

export function useCancelPayout() {
  const refresh = useRefreshMoney();
  return useMutation({
    mutationFn: (id: string) => api.call(money.cancelPayout, { params: { id }, ...quiet }),
    onSuccess: refresh,
  });
}

export function useSignMandate() {
  const refresh = useRefreshMoney();
  return useMutation({
    mutationFn: (authorisation: AuthorisationResult) => api.call(money.signMandate, { body: { authorisation }, ...quiet }),
    onSuccess: refresh,
  });
}

export function useDirectDebit() {
  const refresh = useRefreshMoney();
  return useMutation({
    mutationFn: (request: { amount: string; idempotencyKey: string }) =>
      api.call(money.debit, { body: { amount: request.amount }, idempotencyKey: request.idempotencyKey, ...quiet }),
    onSuccess: refresh,
  });
}

/** Development only: a SEPA credit comes in; it is booked on the next banking day. */
export function useSimulatedTransfer() {
  return useMutation({
    mutationFn: (amount: string) => api.call(money.devIncomingTransfer, { body: { amount }, ...quiet }),
  });
}

/** Development only: the payer's bank returns a pending direct debit. */
export function useSimulatedDebitReturn() {
  const refresh = useRefreshMoney();
  return useMutation({
    mutationFn: (id: string) => api.call(money.devReturnDebit, { params: { id }, ...quiet }),
    onSuccess: refresh,
  });
}
