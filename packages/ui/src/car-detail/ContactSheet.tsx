import { contactTitleFor, placeholderConversationMessage, whatsappChatLink } from '@autoreel/core';
import { Button } from '../kit/Button.tsx';
import { ChatIcon, PhoneIcon } from '../kit/icons.tsx';
import { Sheet } from '../kit/Sheet.tsx';
import type { DetailCar } from '../cars/car-queries.ts';
import { isPrivateListing } from './detail-car.ts';
import styles from './CarDetail.module.css';

/** What the store button says where there is no store to visit. */
export const NO_DEALER_STORE = 'Private seller: no dealer store to visit';

/**
 * SPEC 2 'Other overlays': the bottom-sheet Contact Dealer with call, WhatsApp (pre-filled with SPEC 4's message
 * naming the car) and visit dealer store. The store is the dealer's public profile, which the parent shows; a
 * private seller has none, and the sheet says so instead of offering a button that leads nowhere.
 */
export function ContactSheet({
  car,
  open,
  onOpenChange,
  onVisitStore,
}: {
  car: DetailCar;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onVisitStore: () => void;
}) {
  const phone = car.dealerPhone || car.sellerPhone;
  const hasStore = !!car.dealerId && !isPrivateListing(car);
  return (
    <Sheet open={open} onOpenChange={onOpenChange} title={contactTitleFor(isPrivateListing(car))}>
      <div className={styles.contact}>
        {phone ? (
          <>
            <a className={styles.contactLink} href={`tel:${phone.replace(/[^\d+]/g, '')}`}>
              <PhoneIcon size={18} /> Call {phone}
            </a>
            <a
              className={styles.contactLink}
              href={whatsappChatLink(phone, placeholderConversationMessage(car))}
              target="_blank"
              rel="noreferrer"
            >
              <ChatIcon size={18} /> WhatsApp
            </a>
          </>
        ) : (
          <p className={styles.muted}>No phone number was given for this listing.</p>
        )}
        {hasStore ? (
          <Button
            variant="secondary"
            fullWidth
            onClick={() => {
              onOpenChange(false);
              onVisitStore();
            }}
          >
            Visit dealer store
          </Button>
        ) : (
          <p className={styles.muted}>{NO_DEALER_STORE}</p>
        )}
      </div>
    </Sheet>
  );
}
