import { useQuery } from '@tanstack/react-query';
import { DEFAULT_COUNTRY, isBuyerCurrency, type QuizCurrency } from '@autoreel/core';
import { useApi } from '../platform/ApiProvider.tsx';

const DEFAULT_CURRENCY: QuizCurrency = {
  code: DEFAULT_COUNTRY.currency?.code ?? 'SZL',
  symbol: DEFAULT_COUNTRY.currency?.symbol ?? 'E',
};

/**
 * The currency of the buyer's country (GET /countries/current: the edge's geo header, then the browser's
 * languages), for amounts the buyer picks such as the quiz's budgets. Eswatini's lilangeni until it answers or
 * when it fails, so the quiz never waits on it; lilangeni too for a currency the marketplace has no rate for,
 * since its amounts could be neither scaled nor compared (and the API refuses it).
 */
export function useBuyerCurrency(): QuizCurrency {
  const { client } = useApi();
  const query = useQuery({
    queryKey: ['countries', 'current'],
    queryFn: () => client.get('/countries/current'),
    staleTime: 60 * 60 * 1000,
    retry: false,
  });
  const currency = query.data?.country?.currency;
  return currency?.symbol && isBuyerCurrency(currency.code)
    ? { code: currency.code ?? null, symbol: currency.symbol }
    : DEFAULT_CURRENCY;
}
