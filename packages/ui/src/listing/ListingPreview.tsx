import { useEffect, useMemo, useState } from 'react';
import { carPayload, carTitle, displayPrice } from '@autoreel/core';
import { Button } from '../kit/Button.tsx';
import { Dialog } from '../kit/Dialog.tsx';
import { EyeIcon } from '../kit/icons.tsx';
import { CarCard } from '../cars/CarCard.tsx';
import type { BrowseCar } from '../cars/useBrowseCars.ts';
import { CarFacts, KeySpecs } from '../car-detail/CarDetail.tsx';
import type { PickedFile } from '../platform/host.ts';
import { useSession } from '../state/session.ts';
import { VideoPreview } from './VideoPreview.tsx';
import { toWizardForm, type WizardFields } from './wizard-fields.ts';
import styles from './Wizard.module.css';

/** Object URLs of the picked photos, made while the preview is open and revoked when it closes. */
function usePhotoUrls(photos: readonly PickedFile[]): string[] {
  const urls = useMemo(() => photos.map((photo) => URL.createObjectURL(photo.blob)), [photos]);
  useEffect(() => () => urls.forEach((url) => URL.revokeObjectURL(url)), [urls]);
  return urls;
}

/**
 * The listing as buyers will meet it, before Submit Listing: its card in a list and its page, drawn from the form
 * and the picked files by the same components Browse and the detail page use; nothing is uploaded.
 */
export function ListingPreview({
  fields,
  photos,
  video,
}: {
  fields: WizardFields;
  photos: readonly PickedFile[];
  video: PickedFile | null;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" icon={<EyeIcon size={18} />} onClick={() => setOpen(true)}>
        Preview Listing
      </Button>
      {open ? (
        <Dialog open onOpenChange={setOpen} title="Preview of your listing">
          <PreviewBody fields={fields} photos={photos} video={video} />
        </Dialog>
      ) : null}
    </>
  );
}

function PreviewBody({
  fields,
  photos,
  video,
}: {
  fields: WizardFields;
  photos: readonly PickedFile[];
  video: PickedFile | null;
}) {
  const user = useSession((s) => s.user);
  const urls = usePhotoUrls(photos);
  const car = useMemo(() => {
    const payload = carPayload(toWizardForm(fields, null));
    return {
      ...payload,
      id: 'preview',
      _id: 'preview',
      images: urls,
      poster: urls[0] ?? null,
      videos: [],
      sellerName: user?.name ?? '',
      createdAt: new Date().toISOString(),
    } as unknown as BrowseCar;
  }, [fields, urls, user?.name]);
  const title = carTitle(car);
  return (
    <div className={styles.preview}>
      <section aria-labelledby="preview-card-heading" className={styles.previewSection}>
        <h3 id="preview-card-heading" className={styles.sectionTitle}>
          In the list
        </h3>
        <div className={styles.previewCard}>
          {/* Buyers see Message on the card; in the preview it leads nowhere. */}
          <CarCard
            car={car}
            layout="grid"
            onOpen={() => undefined}
            onStartChat={() => undefined}
            comparable={false}
          />
        </div>
      </section>
      <section aria-labelledby="preview-page-heading" className={styles.previewSection}>
        <h3 id="preview-page-heading" className={styles.sectionTitle}>
          On its page
        </h3>
        <div className={styles.previewPage} data-testid="listing-preview-page">
          <h4 className={styles.previewTitle}>{title}</h4>
          <p className={styles.previewPrice}>{displayPrice(car)}</p>
          <KeySpecs car={car} />
          {urls.length > 0 ? (
            <ul className={styles.previewPhotos} aria-label="Photos">
              {urls.map((url, index) => (
                <li key={url}>
                  <img src={url} alt={`${title}, photo ${index + 1}`} />
                </li>
              ))}
            </ul>
          ) : null}
          {video ? <VideoPreview file={video} /> : null}
          <CarFacts car={car} />
        </div>
      </section>
    </div>
  );
}
