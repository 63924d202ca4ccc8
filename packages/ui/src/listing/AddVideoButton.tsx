import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { validateVideo } from '@autoreel/core';
import { Button } from '../kit/Button.tsx';
import { useApi } from '../platform/ApiProvider.tsx';
import { useHost } from '../platform/HostContext.tsx';
import { uploadFailureReason } from '../platform/upload-media.ts';
import { updateCar } from '../cars/car-requests.ts';
import { uploadVideo } from './create-listing.ts';
import { VIDEO_ACCEPT } from './useWizardMedia.ts';
import styles from './Wizard.module.css';

type Step = { kind: 'preparing' | 'uploading'; progress: number } | { kind: 'saving' } | null;

/**
 * 'Add video' on a car that has none (an imported draft): the video is made ready by the platform as in the wizard
 * (checked and transcoded on the desktop), sent into the car's folder and saved on the car; the server prepares it
 * and a draft goes live once it plays.
 */
export function AddVideoButton({ carId, title }: { carId: string; title: string }) {
  const { client } = useApi();
  const host = useHost();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>(null);
  const [error, setError] = useState<string | null>(null);

  const add = async () => {
    const [picked] = await host.pickFiles({ accept: VIDEO_ACCEPT, multiple: false });
    if (!picked) return;
    const invalid = validateVideo(picked);
    if (invalid) {
      setError(`${invalid.title}: ${invalid.message}`);
      return;
    }
    setError(null);
    try {
      setStep({ kind: 'preparing', progress: 0 });
      const prepared = await host.prepareVideo(picked, (progress) =>
        setStep({ kind: 'preparing', progress }),
      );
      setStep({ kind: 'uploading', progress: 0 });
      const uploaded = await uploadVideo(client, prepared.file, `cars/${carId}`, {
        onProgress: (progress) => setStep({ kind: 'uploading', progress }),
      });
      setStep({ kind: 'saving' });
      await updateCar(client, carId, { videos: [uploaded.key] });
      void queryClient.invalidateQueries({ queryKey: ['cars'] });
    } catch (failure) {
      setError(`The video could not be added: ${uploadFailureReason(failure)}`);
    } finally {
      setStep(null);
    }
  };

  return (
    <span className={styles.addVideo}>
      <Button
        variant="secondary"
        size="sm"
        loading={step !== null}
        onClick={() => void add()}
        aria-label={`Add a video of the ${title}`}
      >
        {step === null
          ? 'Add video'
          : step.kind === 'saving'
            ? 'Saving…'
            : `${step.kind === 'preparing' ? 'Preparing' : 'Uploading'} ${Math.round(step.progress * 100)}%`}
      </Button>
      {error ? (
        <span className={styles.error} role="alert">
          {error}
        </span>
      ) : null}
    </span>
  );
}
