import { useApi } from '../platform/ApiProvider.tsx';
import { cx } from '../kit/cx.ts';
import styles from './Messaging.module.css';

/** A person's picture, or the first letter of their name when they have none. */
export function Avatar({
  name,
  src,
  size = 48,
  className,
}: {
  name: string;
  src?: string | null | undefined;
  size?: number;
  className?: string;
}) {
  const { assetUrl } = useApi();
  const url = assetUrl(src);
  const initial = name.trim().charAt(0).toUpperCase() || '?';
  return (
    <span className={cx(styles.avatar, className)} style={{ width: size, height: size }} aria-hidden="true">
      {url ? <img src={url} alt="" width={size} height={size} /> : initial}
    </span>
  );
}
