import { carTitle, chatReceiverId, pluralWord } from '@autoreel/core';
import { useState } from 'react';
import { Button } from '../../../kit/Button.tsx';
import { EmptyState, ErrorState } from '../../../kit/States.tsx';
import { Spinner } from '../../../kit/Spinner.tsx';
import { HeartIcon, SearchIcon } from '../../../kit/icons.tsx';
import { useStartChat } from '../../../messaging/useStartChat.ts';
import { useNavigation } from '../../../state/navigation.ts';
import { CarCard } from '../../../cars/CarCard.tsx';
import browseStyles from '../../../cars/Cars.module.css';
import { SearchBox } from '../SearchBox.tsx';
import { searchFavorites } from './search-favorites.ts';
import { useLikedCars } from '../../../social/useLikedCars.ts';
import { useRemoveLikedCar } from '../../../social/useRemoveLikedCar.ts';
import styles from '../Account.module.css';

function countText(shown: number, loaded: number, more: boolean): string {
  // '12+' is more than one, whatever was loaded so far.
  const word = pluralWord(more ? 2 : loaded, 'favorite');
  if (shown !== loaded) return `${shown} of ${loaded}${more ? '+' : ''} ${word}`;
  return `${loaded}${more ? '+' : ''} ${word}`;
}

/**
 * SPEC 2 'Favorite Cars': the buyer's liked cars, with a search box and 'Load More'. A search that asks for
 * something (a budget, a body, 'family') shows the favourites that match it, best first, each with its score.
 * Each card takes its car off the list at once with Remove; a failed removal puts the car back and says so.
 */
export function FavoritesTab({ userId }: { userId: string }) {
  const openCar = useNavigation((s) => s.openCar);
  const navigate = useNavigation((s) => s.navigate);
  const startChat = useStartChat();
  const [search, setSearch] = useState('');
  const query = useLikedCars(userId);
  // The last removal that failed, said above the list until the next removal or a dismissal.
  const [failed, setFailed] = useState<{ title: string; message: string } | null>(null);
  const remove = useRemoveLikedCar(userId, {
    onError: (car, error) => setFailed({ title: carTitle(car), message: error.message }),
  });
  const cars = query.data?.pages.flatMap((page) => page.cars) ?? [];
  const found = searchFavorites(cars, search);
  const shown = found.cars;
  const more = query.hasNextPage;

  if (query.isPending) {
    return (
      <div className={browseStyles.loading} role="status">
        <Spinner size={28} label={null} />
        <p>Loading your favorites...</p>
      </div>
    );
  }
  if (query.isError && cars.length === 0) {
    return (
      <ErrorState
        title="Failed to load favorites"
        message="Your liked cars could not be loaded. Check your connection and try again."
        retryLabel="Retry"
        onRetry={() => void query.refetch()}
      />
    );
  }
  const failure = failed ? (
    <div className={browseStyles.removeError} role="alert">
      <p>
        Could not remove {failed.title} from your favorites. {failed.message}
      </p>
      <Button variant="ghost" onClick={() => setFailed(null)}>
        Dismiss
      </Button>
    </div>
  ) : null;

  if (cars.length === 0) {
    return (
      <EmptyState
        icon={<HeartIcon size={28} />}
        title="No favorites yet"
        description="Tap the heart on any car you like and it will be kept here."
        headingLevel={3}
        actions={<Button onClick={() => navigate('tiktok')}>Browse Cars</Button>}
      />
    );
  }

  return (
    <div className={styles.stack}>
      <div className={styles.toolbar}>
        <SearchBox
          label="Search your favorites"
          placeholder="Search your favorites..."
          value={search}
          onChange={setSearch}
        />
        <p className={styles.muted} aria-live="polite">
          {countText(shown.length, cars.length, more)}
        </p>
      </div>
      {failure}
      {shown.length === 0 ? (
        <EmptyState
          icon={<SearchIcon size={28} />}
          title="No matching favorites"
          description={
            more
              ? 'None of the favorites loaded so far match. Load more, or try other words.'
              : 'Try another year, make or model.'
          }
          headingLevel={3}
          actions={
            <Button variant="secondary" onClick={() => setSearch('')}>
              Clear Search
            </Button>
          }
        />
      ) : (
        <ul className={browseStyles.grid} aria-label="Favorite cars">
          {shown.map((car) => (
            <li key={car.id}>
              <CarCard
                car={car}
                layout="grid"
                onOpen={openCar}
                likedAt={car.likedAt}
                onRemoveFavorite={() => {
                  setFailed(null);
                  remove.mutate(car);
                }}
                {...(found.matches?.has(car) ? { match: found.matches.get(car)! } : {})}
                // Any car with a seller can be asked about; only a car with nobody behind it cannot.
                {...(chatReceiverId(car) === null ? {} : { onStartChat: startChat })}
              />
            </li>
          ))}
        </ul>
      )}
      {query.isFetchNextPageError ? (
        <p className={browseStyles.pageError} role="alert">
          Failed to load more favorites
        </p>
      ) : null}
      {more ? (
        <div className={browseStyles.more}>
          <Button
            variant="secondary"
            loading={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            Load More
          </Button>
        </div>
      ) : null}
    </div>
  );
}
