import { chatReceiverId } from '@autoreel/core';
import { useNavigation } from '../state/navigation.ts';
import { useSession } from '../state/session.ts';

export interface ChatCar {
  id: string;
  _id?: string | null;
  dealerId?: string | null;
  sellerId?: string | null;
}

/**
 * SPEC 2 'Flow rules' for starting a chat from a car: logged out shows login; the chat goes to dealerId, else
 * sellerId, else the car id; with none of them the car's detail page opens instead.
 */
export function useStartChat(): (car: ChatCar) => void {
  const status = useSession((s) => s.status);
  const showLogin = useNavigation((s) => s.showLogin);
  const openChat = useNavigation((s) => s.openChat);
  const openCar = useNavigation((s) => s.openCar);
  return (car) => {
    if (status !== 'authenticated') {
      showLogin();
      return;
    }
    const receiver = chatReceiverId(car);
    if (receiver === null) openCar(car.id);
    else openChat(receiver, car.id);
  };
}
