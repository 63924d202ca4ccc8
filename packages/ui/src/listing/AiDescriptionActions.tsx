import { useMutation } from '@tanstack/react-query';
import {
  WIZARD_ALERTS,
  aiGeneratePrecondition,
  aiListingRequest,
  carPayload,
  parseNumberInput,
  type TitledMessage,
} from '@autoreel/core';
import { useState } from 'react';
import { useApi } from '../platform/ApiProvider.tsx';
import { enhanceDescription, generateListing } from '../ai/ai-requests.ts';
import { Button } from '../kit/Button.tsx';
import { SparklesIcon } from '../kit/icons.tsx';
import type { StepProps } from './step-props.ts';
import { mergeFeatures, toWizardForm } from './wizard-fields.ts';
import styles from './Wizard.module.css';

/** Not in the SPEC's catalogue: the enhance call's own failure, worded like generation's. */
export const AI_ENHANCE_FAILED: TitledMessage = {
  title: 'AI Enhancement Failed',
  message: 'Failed to enhance the description. Please try again.',
};

/** Write with AI (from the specs) and Improve with AI (tidies what the seller wrote). */
export function AiDescriptionActions({
  fields,
  update,
  onAlert,
}: StepProps & { onAlert: (a: TitledMessage) => void }) {
  const { client } = useApi();
  const [note, setNote] = useState<string | null>(null);

  const generate = useMutation({
    mutationFn: () => generateListing(client, aiListingRequest(fields)),
    onSuccess(listing) {
      const description = typeof listing.description === 'string' ? listing.description : '';
      const suggested = Array.isArray(listing.features)
        ? listing.features.filter((f): f is string => typeof f === 'string')
        : [];
      if (!description.trim()) {
        onAlert(WIZARD_ALERTS.aiGenerationFailed);
        return;
      }
      update((current) => ({
        ...current,
        description,
        features: mergeFeatures(current.features, suggested),
      }));
      setNote(
        suggested.length > 0
          ? `Description written. ${suggested.length} suggested features were ticked on the Features step: check them before you submit.`
          : 'Description written. Read it through and adjust anything that is not right.',
      );
    },
    onError: () => onAlert(WIZARD_ALERTS.aiGenerationFailed),
  });

  const enhance = useMutation({
    mutationFn: () => {
      const payload = carPayload(toWizardForm(fields, null));
      const year = parseNumberInput(fields.year);
      const mileage = parseNumberInput(fields.mileage);
      return enhanceDescription(client, {
        description: fields.description.trim(),
        carData: {
          ...(payload.make ? { make: payload.make } : {}),
          ...(payload.model ? { model: payload.model } : {}),
          ...(year !== null && Number.isInteger(year) && year > 0 ? { year } : {}),
          ...(mileage !== null && mileage >= 0 ? { mileage } : {}),
          ...(payload.color ? { color: payload.color } : {}),
          condition: payload.condition,
          fuelType: payload.fuelType,
          transmission: payload.transmission,
          bodyType: payload.bodyType,
          features: payload.features,
        },
      });
    },
    onSuccess(result) {
      if (typeof result.description !== 'string' || !result.description.trim()) {
        onAlert(AI_ENHANCE_FAILED);
        return;
      }
      update({ description: result.description });
      setNote('Description improved. Read it through before you continue.');
    },
    onError: () => onAlert(AI_ENHANCE_FAILED),
  });

  const busy = generate.isPending || enhance.isPending;
  return (
    <div className={styles.aiActions}>
      <Button
        variant="secondary"
        icon={<SparklesIcon size={16} />}
        loading={generate.isPending}
        disabled={busy}
        onClick={() => {
          const missing = aiGeneratePrecondition(toWizardForm(fields, null));
          if (missing) onAlert(missing);
          else {
            setNote(null);
            generate.mutate();
          }
        }}
      >
        Generate with AI
      </Button>
      <Button
        variant="ghost"
        loading={enhance.isPending}
        disabled={busy || fields.description.trim() === ''}
        onClick={() => {
          setNote(null);
          enhance.mutate();
        }}
      >
        Improve with AI
      </Button>
      {note ? (
        <p className={styles.hint} role="status">
          {note}
        </p>
      ) : null}
    </div>
  );
}
