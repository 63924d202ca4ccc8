import { useQuery } from '@tanstack/react-query';
import { DEFAULT_COUNTRY, isBuyerCurrency, type QuizCurrency } from '@autoreel/core';
import { useApi } from '../platform/ApiProvider.tsx';
import { useChosenCountry } from './buyer-country.ts';

const DEFAULT_CURRENCY: QuizCurrency = {
  code: DEFAULT_COUNTRY.currency?.code ?? 'SZL',
  symbol: DEFAULT_COUNTRY.currency?.symbol ?? 'E',
};

function usable(currency: { code?: string | null; symbol?: string | null } | null | undefined) {
  return currency?.symbol && isBuyerCurrency(currency.code)
    ? { code: currency.code ?? null, symbol: currency.symbol }
    : null;
}

/**
 * The currency of the buyer's country, for amounts the buyer picks such as the quiz's budgets: the country they
 * chose on this device first, then GET /countries/current (the deployment's configured geo header, else
 * Eswatini; never the browser's language). Eswatini's lilangeni until it answers or when it fails, so the quiz
 * never waits on it; lilangeni too for a currency the marketplace has no rate for, since its amounts could be
 * neither scaled nor compared (and the API refuses it).
 */
export function useBuyerCurrency(): QuizCurrency {
  const { client } = useApi();
  const chosen = useChosenCountry();
  const query = useQuery({
    queryKey: ['countries', 'current'],
    queryFn: () => client.get('/countries/current'),
    staleTime: 60 * 60 * 1000,
    retry: false,
    enabled: chosen === null,
  });
  return usable(chosen?.currency) ?? usable(query.data?.country?.currency) ?? DEFAULT_CURRENCY;
}
