import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@autoreel/api-client';
import {
  PLACEHOLDER_CONVERSATION_ID,
  placeholderConversationMessage,
  type CarAnswer,
  type PricedCar,
} from '@autoreel/core';
import { useApi } from '../../../platform/ApiProvider.tsx';
import { carKey } from '../../../cars/car-queries.ts';
import { fetchChatHistory } from '../../../messaging/chat-history.ts';
import { messagingKeys } from '../../../messaging/queries.ts';
import type { ApiConversation } from '../../../messaging/types.ts';

/** The other person as the header shows them. */
export interface ChatPeer {
  /** The person's account id; null before the conversation exists (nothing to report or block yet). */
  id: string | null;
  name: string;
  role: string;
  avatar: string | null;
  /** Null shows 'Not available'. */
  phone: string | null;
}

/** The car strip's car, from the conversation or from the car the chat was started from. */
export interface ChatCar extends PricedCar {
  id: string;
  year?: number | undefined;
  make?: string | undefined;
  model?: string | undefined;
  video: string | null;
  poster: string | null;
  /** Who listed it; null when not known (a listing answer without it). */
  sellerId: string | null;
}

/** The car as GET /cars/{id} answers it. */
type ListedCar = CarAnswer;

export interface ChatContext {
  /** 'new' for the placeholder shown before the first message (SPEC 4). */
  conversationId: string;
  isPlaceholder: boolean;
  peer: ChatPeer;
  car: ChatCar | null;
  /** The composer's first text in a placeholder about a car: "Hi, I'm interested in the ...". */
  draft: string;
  /** The conversation's own unread count when the history was loaded. */
  unreadCount: number;
}

function carFromListing(car: ListedCar): ChatCar {
  return {
    id: car.id,
    year: car.year,
    make: car.make,
    model: car.model,
    price: car.price ?? null,
    currency: car.currency ?? null,
    formattedPrice: car.formattedPrice ?? null,
    video: car.videos[0] ?? null,
    poster: car.poster ?? car.images[0] ?? null,
    sellerId: car.sellerId ?? null,
  };
}

function carFromConversation(car: NonNullable<ApiConversation['car']>): ChatCar {
  return {
    id: car.id,
    year: car.year,
    make: car.make,
    model: car.model,
    price: car.price ?? null,
    currency: car.currency,
    formattedPrice: car.formattedPrice ?? null,
    video: car.video ?? car.videos[0] ?? null,
    poster: car.image ?? car.images[0] ?? null,
    sellerId: car.sellerId,
  };
}

/** Who sells a listed car, for the placeholder's header before any conversation exists. */
function peerFromListing(car: ListedCar | undefined): ChatPeer {
  if (!car) return { id: null, name: 'Seller', role: 'customer', avatar: null, phone: null };
  const dealer = !car.isPrivateSeller && Boolean(car.dealerId);
  return {
    id: null,
    name: (dealer ? car.dealerName : car.sellerName) ?? car.dealerName ?? car.sellerName ?? 'Seller',
    role: dealer ? 'dealer' : 'customer',
    avatar: null,
    phone: (dealer ? car.dealerPhone : car.sellerPhone) ?? null,
  };
}

/**
 * Loads the chat's history (its messages live in the query cache: see chat-history.ts) with its conversation, and
 * the car the chat was started from. Without a conversation it builds the placeholder (id 'new') from that car.
 */
export function useChatContext(chatUserId: string, carId: string | null) {
  const { client } = useApi();
  const queryClient = useQueryClient();
  const history = useQuery({
    queryKey: messagingKeys.history(chatUserId),
    staleTime: 0,
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 1,
    queryFn: async () => {
      try {
        return await fetchChatHistory(client, queryClient, chatUserId);
      } catch (error) {
        console.warn('Messages could not be loaded', error);
        throw error;
      }
    },
  });
  const conversation = history.data?.conversation ?? null;
  // The car the user came from wins over the conversation's last car: the next message will be about it.
  const needsListing = carId !== null && (!history.data || conversation?.car?.id !== carId);
  const listing = useQuery({
    queryKey: carKey(carId ?? ''),
    enabled: needsListing,
    retry: false,
    queryFn: () => client.get('/cars/:id', { params: { id: carId ?? '' } }),
  });

  let context: ChatContext | null = null;
  const listingSettled = !needsListing || !listing.isPending;
  if (history.data && listingSettled) {
    const listed = needsListing && listing.data ? carFromListing(listing.data) : null;
    const car = listed ?? (conversation?.car ? carFromConversation(conversation.car) : null);
    context = conversation
      ? {
          conversationId: conversation.id,
          isPlaceholder: false,
          peer: {
            id: conversation.participant.id,
            name: conversation.participant.name,
            role: conversation.participant.role,
            avatar: conversation.participant.avatar ?? null,
            phone: conversation.participant.phone ?? null,
          },
          car,
          draft: '',
          unreadCount: conversation.unreadCount,
        }
      : {
          conversationId: PLACEHOLDER_CONVERSATION_ID,
          isPlaceholder: true,
          peer: peerFromListing(listing.data),
          car,
          draft: car ? placeholderConversationMessage(car) : '',
          unreadCount: 0,
        };
  }
  return { history, context };
}
