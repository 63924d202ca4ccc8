import { useEffect, useRef, useState } from 'react';
import { contactTitleFor } from '@autoreel/core';
import { Button, IconButton } from '../../kit/Button.tsx';
import { cx } from '../../kit/cx.ts';
import { CloseIcon, PhoneIcon } from '../../kit/icons.tsx';
import { useNavigation } from '../../state/navigation.ts';
import { CarFacts, PricePanel } from '../../car-detail/CarDetail.tsx';
import { ContactSheet } from '../../car-detail/ContactSheet.tsx';
import type { DetailCar } from '../../cars/car-queries.ts';
import { isPrivateListing } from '../../car-detail/detail-car.ts';
import { feedCarTitle } from '../../cars/feed-rules.ts';
import type { FeedCar } from '../../cars/useFeedCars.ts';
import { useDismissDrag } from './useFeedGestures.ts';
import styles from './TiktokView.module.css';

/** The feed's car in the detail page's shape: the same fields, with null read as 'not given'. */
export function toDetailCar(car: FeedCar): DetailCar {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(car)) if (value !== null && value !== undefined) out[key] = value;
  return out;
}

/**
 * The current car's details beside the video (wide screens) or over it (phones, opened by a left swipe or the
 * details button; a rightward drag of more than 100 px, Escape or Close shuts it). Built from the detail page's
 * own pieces, so both always show a car the same way.
 */
export function DetailsPanel({
  car,
  carId,
  overlay,
  onClose,
  onDealer,
}: {
  car: FeedCar;
  carId: string;
  /** True on phones, where the panel covers the video and takes focus. */
  overlay: boolean;
  onClose: () => void;
  /** Opens the dealer's public profile: the contact sheet's 'Visit dealer store'. */
  onDealer: () => void;
}) {
  const openCar = useNavigation((s) => s.openCar);
  const [contactOpen, setContactOpen] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const drag = useDismissDrag(onClose);
  const detail = toDetailCar(car);
  const title = feedCarTitle(car);

  useEffect(() => {
    if (!overlay) return;
    // Focus moves into the panel, and back to what opened it (the details button) when it closes.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    heading.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      if (opener?.isConnected) opener.focus();
    };
  }, [overlay, onClose]);

  return (
    <aside
      className={cx(styles.details, overlay && styles.detailsOverlay)}
      aria-labelledby="feed-details-title"
      role={overlay ? 'dialog' : undefined}
      aria-modal={overlay || undefined}
      onPointerDown={overlay ? drag.onPointerDown : undefined}
      onPointerUp={overlay ? drag.onPointerUp : undefined}
      onPointerCancel={overlay ? drag.onPointerCancel : undefined}
      onTouchStart={overlay ? drag.onTouchStart : undefined}
      onTouchEnd={overlay ? drag.onTouchEnd : undefined}
      onTouchCancel={overlay ? drag.onTouchCancel : undefined}
    >
      <div className={styles.detailsHeader}>
        <h2 id="feed-details-title" ref={heading} tabIndex={-1} className={styles.detailsTitle}>
          {title}
        </h2>
        {overlay ? (
          <IconButton label="Close details" onClick={onClose}>
            <CloseIcon />
          </IconButton>
        ) : null}
      </div>
      <PricePanel car={detail} carId={carId} />
      <div className={styles.detailsActions}>
        <Button icon={<PhoneIcon size={18} />} onClick={() => setContactOpen(true)}>
          {contactTitleFor(isPrivateListing(detail))}
        </Button>
        <Button variant="secondary" onClick={() => openCar(carId)}>
          View full details
        </Button>
      </div>
      <CarFacts car={detail} />
      <ContactSheet car={detail} open={contactOpen} onOpenChange={setContactOpen} onVisitStore={onDealer} />
    </aside>
  );
}
