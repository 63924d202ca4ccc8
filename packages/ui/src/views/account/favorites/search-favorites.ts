import { carTitle, type ConversationCarLike } from '@autoreel/core';

/**
 * The favourites search box filters the cars already loaded by 'year make model' (SPEC 2 'Favorite Cars').
 * Every word typed must appear, in any order, so '2021 bmw' and 'bmw 2021' find the same cars.
 */
export function searchFavorites<C extends ConversationCarLike>(cars: readonly C[], query: string): C[] {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...cars];
  return cars.filter((car) => {
    const title = carTitle(car).toLowerCase();
    return words.every((word) => title.includes(word));
  });
}
