import { useState } from 'react';
import { useObjectUrl } from '../kit/useObjectUrl.ts';
import type { PickedFile } from '../platform/host.ts';
import { durationLabel } from './media-order.ts';
import styles from './Wizard.module.css';

/**
 * The picked video, playable before anything is uploaded, with its length once the browser has read it: the
 * seller sees they chose the right clip.
 */
export function VideoPreview({ file }: { file: PickedFile }) {
  const url = useObjectUrl(file.blob);
  const [duration, setDuration] = useState<string | null>(null);
  if (!url) return null;
  return (
    <figure className={styles.videoPreview}>
      <video
        src={url}
        controls
        muted
        playsInline
        preload="metadata"
        aria-label={`Preview of ${file.name}`}
        onLoadedMetadata={(event) => setDuration(durationLabel(event.currentTarget.duration))}
      />
      <figcaption className={styles.hint} data-testid="video-duration">
        {duration ? `Length ${duration}` : 'Reading the length…'}
      </figcaption>
    </figure>
  );
}
