import { Button } from '../../components/Button.tsx';
import { ChevronLeftIcon, PlayIcon, TagIcon } from '../../components/icons.tsx';
import { useNavigation } from '../../state/navigation.ts';
import styles from './TiktokView.module.css';

/** tiktok: the default view, a full-screen vertical video feed of cars, one at a time (SPEC 2). */
export function TiktokView() {
  const navigate = useNavigation((s) => s.navigate);
  return (
    <section className={styles.feed} aria-labelledby="feed-title">
      <div className={styles.topBar}>
        <Button
          variant="video"
          size="sm"
          icon={<ChevronLeftIcon size={18} />}
          onClick={() => navigate('browse')}
        >
          Top Cars
        </Button>
        <Button
          variant="video"
          size="sm"
          icon={<TagIcon size={18} />}
          onClick={() => navigate('become-seller')}
        >
          List Your Car
        </Button>
      </div>
      <div className={styles.frame}>
        <span className={styles.play} aria-hidden="true">
          <PlayIcon size={32} />
        </span>
        <h1 id="feed-title" className={styles.title}>
          Car videos
        </h1>
        <p className={styles.text}>
          Swipe through short vertical videos of cars for sale, one car at a time. Like, comment, share, or
          open the details and contact the seller.
        </p>
      </div>
    </section>
  );
}
