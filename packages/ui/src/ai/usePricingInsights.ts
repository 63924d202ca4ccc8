import { useQueries, useQuery } from '@tanstack/react-query';
import {
  pricingInsight,
  type MatchResult,
  type PricingInsight,
  type PricingInsightsResult,
} from '@autoreel/core';
import { useApi } from '../platform/ApiProvider.tsx';

export const pricingInsightKey = (carId: string) => ['ai', 'pricing-insights', carId] as const;

/**
 * The price insight of each result that has none yet: POST /ai/pricing-insights per car, compared by core's
 * ±5% rule. A car with too few comparables, or whose insight could not be fetched, simply shows none.
 */
export function usePricingInsights(results: readonly MatchResult[]): Map<string, PricingInsight> {
  const { client } = useApi();
  const wanted = results.filter((result) => !result.pricingInsight);
  const answers = useQueries({
    queries: wanted.map((result) => ({
      queryKey: pricingInsightKey(result.car.id),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        client.post('/ai/pricing-insights', { carId: result.car.id }, { signal }),
      staleTime: 5 * 60_000,
      retry: false,
    })),
  });
  const insights = new Map<string, PricingInsight>();
  wanted.forEach((result, index) => {
    const data = answers[index]?.data;
    if (!data || data.marketPosition === null) return;
    const insight = pricingInsight(result.car.price, data.marketPrice, data.comparables);
    if (insight) insights.set(result.car.id, insight);
  });
  for (const result of results) if (result.pricingInsight) insights.set(result.car.id, result.pricingInsight);
  return insights;
}

/** One car's insight for its price panel; optional, so a failure is only logged and the panel shows none. */
export function usePricingInsight(carId: string, enabled: boolean) {
  const { client } = useApi();
  return useQuery({
    queryKey: pricingInsightKey(carId),
    enabled,
    retry: false,
    queryFn: async ({ signal }): Promise<PricingInsightsResult | null> => {
      try {
        return await client.post('/ai/pricing-insights', { carId }, { signal });
      } catch (error) {
        console.warn('Pricing insight unavailable', error);
        return null;
      }
    },
  });
}
