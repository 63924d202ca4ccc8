import {
  carTitle,
  DEFAULT_CURRENCY_SYMBOL,
  matchRequestOf,
  meetsHardFilters,
  rankMatches,
  readCarSearch,
  type ConversationCarLike,
  type MatchableCar,
} from '@autoreel/core';

/** A favourite's score for what the buyer typed, and its reasons, as the match cards show them. */
export interface FavoriteMatch {
  matchScore: number;
  reasons: string[];
}

export interface FavoritesFound<C> {
  cars: C[];
  /** Each shown car's match; null when the search was only words of a title (or empty): nothing to score. */
  matches: Map<C, FavoriteMatch> | null;
}

/**
 * The favourites search box (SPEC 2 'Favorite Cars') over the cars already loaded. What the buyer asks for is read
 * as search reads it ('diesel bakkie under 400k', 'family car'): the favourites that meet every filter, ordered
 * by the match score each earns, which their cards show. Words the reader does not understand filter by
 * 'year make model', every word in any order, so '2021 bmw' and 'bmw 2021' find the same cars.
 */
export function searchFavorites<C extends ConversationCarLike & MatchableCar>(
  cars: readonly C[],
  query: string,
  now: Date = new Date(),
): FavoritesFound<C> {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { cars: [...cars], matches: null };
  const reading = readCarSearch(query, now);
  const { search: _words, ...filters } = reading.filters;
  if (Object.keys(filters).length === 0 && reading.soft.length === 0) {
    const titled = cars.filter((car) => {
      const title = carTitle(car).toLowerCase();
      return words.every((word) => title.includes(word));
    });
    return { cars: titled, matches: null };
  }
  const ranked = rankMatches(
    cars.filter((car) => meetsHardFilters(car, reading.filters)),
    matchRequestOf(reading),
    { currencySymbol: DEFAULT_CURRENCY_SYMBOL },
  );
  return {
    cars: ranked.map((entry) => entry.car),
    matches: new Map(
      ranked.map((entry) => [entry.car, { matchScore: entry.matchScore, reasons: entry.reasons }]),
    ),
  };
}
