import { chatReceiverId } from '@autoreel/core';
import { signInFor } from '../state/intent.ts';
import { useNavigation } from '../state/navigation.ts';
import { useSession } from '../state/session.ts';

export interface ChatCar {
  id: string;
  _id?: string | null;
  dealerId?: string | null;
  sellerId?: string | null;
}

/**
 * SPEC 2 'Flow rules' for starting a chat from a car: logged out shows login, and the chat opens once signed in;
 * the chat goes to dealerId, else sellerId, else the car id; with none of them the car's detail page opens.
 */
export function useStartChat(): (car: ChatCar) => void {
  const status = useSession((s) => s.status);
  const openChat = useNavigation((s) => s.openChat);
  const openCar = useNavigation((s) => s.openCar);
  return (car) => {
    const start = () => {
      const receiver = chatReceiverId(car);
      if (receiver === null) openCar(car.id);
      else openChat(receiver, car.id);
    };
    if (status === 'authenticated') start();
    else signInFor({ action: 'message', carId: car.id, resume: start });
  };
}
