import { cx } from '../kit/cx.ts';
import { useToast } from '../kit/Toast.tsx';
import { COMPARE_LIMIT, toggleCompared, useCompared } from '../state/compare.ts';
import { useNavigation } from '../state/navigation.ts';
import styles from './Cars.module.css';

/**
 * Puts a car in the comparison or takes it out (up to COMPARE_LIMIT, kept on the device); once two are chosen, a
 * chosen car offers the comparison itself.
 */
export function CompareToggle({
  carId,
  title,
  className,
}: {
  carId: string;
  title: string;
  className?: string;
}) {
  const ids = useCompared();
  const navigate = useNavigation((s) => s.navigate);
  const toast = useToast();
  const chosen = ids.includes(carId);
  const toggle = () => {
    const outcome = toggleCompared(carId);
    if (outcome === 'full')
      toast({
        title: `You can compare up to ${COMPARE_LIMIT} cars`,
        description: 'Remove one from the comparison first.',
        tone: 'info',
      });
    else if (outcome === 'added')
      toast({ title: `Added to compare (${ids.length + 1} of ${COMPARE_LIMIT})`, tone: 'success' });
  };
  return (
    <span className={cx(styles.compare, className)}>
      <button
        type="button"
        className={cx(styles.compareButton, chosen && styles.compareChosen)}
        aria-pressed={chosen}
        aria-label={`Compare ${title}`}
        onClick={toggle}
      >
        {chosen ? '✓ Comparing' : 'Compare'}
      </button>
      {chosen && ids.length >= 2 ? (
        <button type="button" className={styles.compareOpen} onClick={() => navigate('compare')}>
          Compare now ({ids.length})
        </button>
      ) : null}
    </span>
  );
}
