import { fileSizeLabel } from '@autoreel/core';
import { Button } from '../kit/Button.tsx';
import { PlayIcon } from '../kit/icons.tsx';
import { Spinner } from '../kit/Spinner.tsx';
import { PhotoOrganizer } from './PhotoOrganizer.tsx';
import type { WizardMedia } from './useWizardMedia.ts';
import { VideoPreview } from './VideoPreview.tsx';
import styles from './Wizard.module.css';

function VideoPanel({ media }: { media: WizardMedia }) {
  const { video } = media;
  switch (video.status) {
    case 'empty':
      return (
        <div className={styles.dropzone}>
          <PlayIcon size={28} aria-hidden="true" />
          <p className={styles.dropTitle}>Add a video of your car</p>
          <p className={styles.hint}>MP4, MOV up to 100MB. A short walk-around works best.</p>
          <Button onClick={() => void media.pickVideo()}>Choose Video</Button>
        </div>
      );
    case 'preparing': {
      const percent = video.progress === null ? null : Math.round(video.progress * 100);
      return (
        <div className={styles.fileCard}>
          <Spinner size={20} label={null} />
          <div className={styles.fileInfo}>
            <p className={styles.fileName}>{video.original.name}</p>
            <p className={styles.hint}>Preparing video{percent === null ? '…' : ` ${percent}%`}</p>
            <progress
              className={styles.progress}
              aria-label="Preparing video"
              max={100}
              {...(percent === null ? {} : { value: percent })}
            />
          </div>
          {/* Offered on every host: one that cannot stop its work has its late answer dropped. */}
          <Button variant="ghost" size="sm" onClick={media.cancelPreparation}>
            Cancel
          </Button>
        </div>
      );
    }
    case 'ready':
      return (
        <>
          <VideoPreview file={video.original} />
          <div className={styles.fileCard}>
            <PlayIcon size={20} aria-hidden="true" />
            <div className={styles.fileInfo}>
              <p className={styles.fileName}>{video.original.name}</p>
              <p className={styles.hint}>
                Video ready · {fileSizeLabel(video.file.size)}
                {video.transformed ? ' · optimised for streaming' : ''}
              </p>
            </div>
            <Button variant="ghost" size="sm" onClick={() => void media.pickVideo()}>
              Replace
            </Button>
            <Button variant="ghost" size="sm" onClick={media.removeVideo}>
              Remove
            </Button>
          </div>
        </>
      );
    case 'failed':
      return (
        <div className={styles.fileCard} role="alert">
          <div className={styles.fileInfo}>
            <p className={styles.fileName}>{video.original.name}</p>
            <p className={styles.error}>{video.message}</p>
          </div>
          <Button variant="secondary" size="sm" onClick={media.retry}>
            Try again
          </Button>
          <Button variant="ghost" size="sm" onClick={() => void media.pickVideo()}>
            Choose another
          </Button>
        </div>
      );
  }
}

/** Step 1: the required video and optional photos. */
export function MediaStep({ media, needsVideoAgain }: { media: WizardMedia; needsVideoAgain: boolean }) {
  return (
    <div className={styles.stepBody}>
      <section className={styles.section} aria-labelledby="wizard-video-heading">
        <h3 id="wizard-video-heading" className={styles.sectionTitle}>
          Video <span className={styles.required}>(required)</span>
        </h3>
        {needsVideoAgain && media.video.status === 'empty' ? (
          <p className={styles.notice}>
            Your details were restored. Add the video again to finish this listing.
          </p>
        ) : null}
        <VideoPanel media={media} />
      </section>
      <section className={styles.section} aria-labelledby="wizard-photos-heading">
        <h3 id="wizard-photos-heading" className={styles.sectionTitle}>
          Photos <span className={styles.optional}>(optional)</span>
        </h3>
        {media.photos.length > 0 ? <PhotoOrganizer media={media} /> : null}
        <Button variant="secondary" className={styles.sectionAction} onClick={() => void media.pickPhotos()}>
          Add Photos
        </Button>
        {media.photoError ? (
          <p className={styles.error} role="alert">
            {media.photoError}
          </p>
        ) : null}
      </section>
    </div>
  );
}
