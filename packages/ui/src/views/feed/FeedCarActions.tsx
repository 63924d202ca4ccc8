import { carIdOf } from '@autoreel/core';
import { useCarStats } from '../../social/useCarStats.ts';
import { useLikeStatuses } from '../../social/useLikeStatuses.ts';
import { useStartChat } from '../../messaging/useStartChat.ts';
import { useSession } from '../../state/session.ts';
import { useShareCar } from '../../social/useShareCar.ts';
import { FeedActions } from './FeedActions.tsx';
import { feedCarTitle, idChunks, sellerNameOf } from '../../cars/feed-rules.ts';
import type { FeedCar } from '../../cars/useFeedCars.ts';
import { FEED_PAGE_SIZE } from '../../cars/useFeedCars.ts';

export interface FeedCarActionsProps {
  cars: FeedCar[];
  car: FeedCar;
  carId: string;
  signedIn: boolean;
  onLoginRequired: () => void;
  onComments: () => void;
  onDealer: () => void;
  onDetails: () => void;
  /** Double-taps on this car's video since it came on screen: each asks for a like. */
  likeRequests: number;
}

/**
 * The current car's side actions with what they need: like statuses (one batch per page of cars), sharing and
 * starting a chat. Loaded just after the first frame, so the feed's first chunk carries only the video.
 */
export function FeedCarActions({ cars, car, carId, signedIn, ...handlers }: FeedCarActionsProps) {
  const ids = cars.map(carIdOf).filter((id): id is string => id !== null);
  const chunks = idChunks(ids, FEED_PAGE_SIZE);
  const likeStatuses = useLikeStatuses(chunks);
  const stats = useCarStats(chunks).get(carId);
  // Signed out, the public count stands in for the buyer's own status, which only a signed-in buyer has.
  const publicLike = stats ? { liked: false, totalLikes: stats.likes } : undefined;
  // Until the stored session is checked, a signed-in buyer would briefly see the public, unliked state.
  const sessionPending = useSession((s) => s.status === 'loading');
  const share = useShareCar();
  const startChat = useStartChat();
  return (
    <FeedActions
      key={carId}
      carId={carId}
      knownLike={signedIn ? likeStatuses.get(carId) : publicLike}
      comments={stats?.comments}
      shares={stats?.shares}
      signedIn={signedIn}
      sessionPending={sessionPending}
      sellerName={sellerNameOf(car)}
      hasDealerProfile={!!car.dealerId}
      onShare={() => void share(carId, feedCarTitle(car))}
      onMessage={() => startChat({ ...car, id: carId })}
      {...handlers}
    />
  );
}
