import { useCarLike, type CarLikeState } from '../social/useCarLike.ts';
import { useStartChat } from '../messaging/useStartChat.ts';
import { CarCard, type CarCardProps } from '../cars/CarCard.tsx';

export interface ActionCarCardProps extends Omit<CarCardProps, 'like' | 'onStartChat'> {
  /** What the server last said about this car's likes (batch status); unliked with no count when unknown. */
  likeStatus?: CarLikeState;
}

/** A car card with its like button and chat button wired to the API and the flow rules (SPEC 2, SPEC 4). */
export function ActionCarCard({ likeStatus, ...card }: ActionCarCardProps) {
  const like = useCarLike(card.car.id, likeStatus);
  const startChat = useStartChat();
  return (
    <CarCard
      {...card}
      like={{ liked: like.liked, totalLikes: like.totalLikes, onToggle: like.toggle }}
      onStartChat={startChat}
    />
  );
}
