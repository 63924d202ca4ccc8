import { carTitle, chatPrice } from '@autoreel/core';
import { useApi } from '../../../platform/ApiProvider.tsx';
import styles from './Chat.module.css';
import type { ChatCar } from './useChatContext.ts';

/**
 * The car the conversation is about: video or 'No video', title, price, and a way to its page (SPEC 2), in one
 * compact row so the messages keep most of a phone's screen.
 */
export function CarStrip({ car, onOpen }: { car: ChatCar; onOpen: () => void }) {
  const { assetUrl } = useApi();
  const video = assetUrl(car.video);
  return (
    <button type="button" className={styles.carStrip} onClick={onOpen}>
      <span className={styles.carMedia}>
        {video ? (
          <video
            src={video}
            poster={assetUrl(car.poster)}
            muted
            playsInline
            loop
            autoPlay
            preload="metadata"
          />
        ) : (
          <span className={styles.noVideo}>No video</span>
        )}
      </span>
      <span className={styles.carText}>
        <strong className={styles.carTitle}>{carTitle(car)}</strong>
        <span className={styles.carLine}>
          <span className={styles.carPrice}>{chatPrice(car)}</span>
          <span className={styles.carLink}>Click to view car details</span>
        </span>
      </span>
    </button>
  );
}
