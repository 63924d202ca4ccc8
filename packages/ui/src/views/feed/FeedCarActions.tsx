import { carIdOf } from '@autoreel/core';
import { useLikeStatuses } from '../../social/useLikeStatuses.ts';
import { useStartChat } from '../../social/useStartChat.ts';
import { useShareCar } from '../detail/useShareCar.ts';
import { FeedActions } from './FeedActions.tsx';
import { feedCarTitle, idChunks, sellerNameOf, type FeedCar } from './feed-rules.ts';
import { FEED_PAGE_SIZE } from './useFeedCars.ts';

export interface FeedCarActionsProps {
  cars: FeedCar[];
  car: FeedCar;
  carId: string;
  signedIn: boolean;
  onLoginRequired: () => void;
  onComments: () => void;
  onDealer: () => void;
  onDetails: () => void;
}

/**
 * The current car's side actions with what they need: like statuses (one batch per page of cars), sharing and
 * starting a chat. Loaded just after the first frame, so the feed's first chunk carries only the video.
 */
export function FeedCarActions({ cars, car, carId, signedIn, ...handlers }: FeedCarActionsProps) {
  const ids = cars.map(carIdOf).filter((id): id is string => id !== null);
  const likeStatuses = useLikeStatuses(idChunks(ids, FEED_PAGE_SIZE));
  const share = useShareCar();
  const startChat = useStartChat();
  return (
    <FeedActions
      key={carId}
      carId={carId}
      knownLike={likeStatuses.get(carId)}
      signedIn={signedIn}
      sellerName={sellerNameOf(car)}
      hasDealerProfile={!!car.dealerId}
      onShare={() => void share(carId, feedCarTitle(car))}
      onMessage={() => startChat({ ...car, id: carId })}
      {...handlers}
    />
  );
}
