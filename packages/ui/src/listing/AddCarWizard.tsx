import { useQueryClient } from '@tanstack/react-query';
import {
  LAST_WIZARD_STEP,
  WIZARD_FAILURES,
  WIZARD_FIELDS,
  WIZARD_FIELD_STEPS,
  WIZARD_STEPS,
  advance,
  canSubmitDescription,
  carTitle,
  nextStep,
  parseNumberInput,
  prevStep,
  priceSlip,
  validateWizard,
  type StepValidation,
  type TitledMessage,
  type WizardStep,
} from '@autoreel/core';
import { useRef, useState } from 'react';
import { useApi } from '../platform/ApiProvider.tsx';
import { apiFieldErrors } from '../platform/form-errors.ts';
import { Button } from '../kit/Button.tsx';
import { Spinner } from '../kit/Spinner.tsx';
import type { DraftStore } from '../platform/draft-store.ts';
import { useDraftStore } from '../platform/DraftStoreContext.tsx';
import { useNavigation } from '../state/navigation.ts';
import { useSession } from '../state/session.ts';
import { BasicInfoStep } from './BasicInfoStep.tsx';
import { ListingCancelled, ListingError, createListing, type ListingPhase } from './create-listing.ts';
import { DetailsStep } from './DetailsStep.tsx';
import { FeaturesStep } from './FeaturesStep.tsx';
import { ListingPreview } from './ListingPreview.tsx';
import { MediaStep } from './MediaStep.tsx';
import { PricingStep } from './PricingStep.tsx';
import type { StepProps } from './step-props.ts';
import { SubmitProgress } from './SubmitProgress.tsx';
import { SuccessScreen } from './SuccessScreen.tsx';
import { readyVideo, useWizardMedia } from './useWizardMedia.ts';
import { useWizardDraft } from './useWizardDraft.ts';
import { StepAlert, WizardAlert, type WizardAlertContent } from './WizardAlert.tsx';
import { toWizardForm, type WizardFields } from './wizard-fields.ts';
import styles from './Wizard.module.css';

export interface AddCarWizardProps {
  /** Called on the success screen's way out; `carId` is the car just listed. */
  onDone?: (carId: string) => void;
  /** Manage My Cars: the seller's inventory. */
  onManageCars?: () => void;
  /** Where the draft is kept; defaults to the DraftStoreProvider's store (localStorage on the web). */
  draftStore?: DraftStore;
}

export const LISTING_CANCELLED: TitledMessage = {
  title: 'Upload Cancelled',
  message: 'Nothing was listed. Your details are kept, so you can submit again.',
};

function failureAlert(error: unknown): WizardAlertContent {
  if (error instanceof ListingCancelled) return { kind: 'info', ...LISTING_CANCELLED };
  if (error instanceof ListingError) {
    const message = error.detail ? `${error.message}: ${error.detail}` : error.message;
    // When only the last update failed the car exists (and gets its video from the server's job): say where it is.
    const kept = error.rolledBack ? '' : ' The car was created; you can find it under Manage My Cars.';
    return { kind: 'error', title: 'Error', message: `${message}${kept}` };
  }
  return { kind: 'error', title: 'Error', message: WIZARD_FAILURES.addCarFallback };
}

/** POST /cars calls the exterior colour 'color' too. */
const ALIASES = { color: 'exteriorColor' } as const;

function StepIndicator({ step }: { step: WizardStep }) {
  return (
    <ol className={styles.steps} aria-label="Steps">
      {WIZARD_STEPS.map((name, index) => {
        const number = index + 1;
        const state = number < step ? 'done' : number === step ? 'current' : 'todo';
        return (
          <li
            key={name}
            className={styles.stepItem}
            data-state={state}
            aria-current={state === 'current' ? 'step' : undefined}
          >
            <span className={styles.stepNumber} aria-hidden="true">
              {number}
            </span>
            <span className={styles.stepName}>{name}</span>
          </li>
        );
      })}
    </ol>
  );
}

/** The five-step Add Car wizard of SPEC 2/4/5 (Media, Basic Info, Pricing, Details, Features) and its success screen. */
export function AddCarWizard({ onDone, onManageCars, draftStore }: AddCarWizardProps) {
  const { client } = useApi();
  const queryClient = useQueryClient();
  const openCar = useNavigation((s) => s.openCar);
  const contextStore = useDraftStore();
  const userId = useSession((s) => s.user?.id ?? 'guest');
  const draft = useWizardDraft(draftStore ?? contextStore, `add-car:${userId}`);
  // A failed submit is the SPEC's error dialog; what a step refuses is said inline, beside its Next button.
  const [alert, setAlert] = useState<WizardAlertContent | null>(null);
  const [stepAlert, setStepAlert] = useState<TitledMessage | null>(null);
  const media = useWizardMedia(setStepAlert);
  const [errors, setErrors] = useState<StepValidation['fieldErrors']>({});
  const [phase, setPhase] = useState<ListingPhase | null>(null);
  const [listed, setListed] = useState<{ carId: string; title: string } | null>(null);
  // The price asked about ('E12, did you mean E12,000?'), and a price the seller said was right.
  const [slip, setSlip] = useState<{ typed: string; meant: number } | null>(null);
  const [keptPrice, setKeptPrice] = useState<string | null>(null);
  const submission = useRef<AbortController | null>(null);

  /** Start over and Add Another Car: an empty form at step 1, with no draft and no files. */
  const startFresh = () => {
    setListed(null);
    setErrors({});
    draft.discard();
    media.reset();
  };

  if (listed) {
    return (
      <SuccessScreen
        title={listed.title}
        onAddAnother={startFresh}
        onView={() => (onDone ? onDone(listed.carId) : openCar(listed.carId))}
        onManageCars={onManageCars}
      />
    );
  }
  if (!draft.progress) return <Spinner label="Loading your draft" />;

  const { step, fields } = draft.progress;
  const form = toWizardForm(fields, readyVideo(media.video));
  const setStep = (next: WizardStep) => {
    // Another step: what this one refused no longer applies.
    if (next !== step) setStepAlert(null);
    draft.setProgress((p) => (p ? { ...p, step: next } : p));
  };
  const update: StepProps['update'] = (change) => {
    const apply = (base: WizardFields) =>
      typeof change === 'function' ? change(base) : { ...base, ...change };
    // A field the seller has just changed no longer shows the message from the last Next; the others keep theirs.
    const changed = apply(fields);
    setErrors((current) =>
      Object.fromEntries(
        Object.entries(current).filter(
          ([key]) => changed[key as keyof WizardFields] === fields[key as keyof WizardFields],
        ),
      ),
    );
    draft.setProgress((p) => (p ? { ...p, fields: apply(p.fields) } : p));
  };
  const stepProps: StepProps = { fields, update, errors };

  const next = () => {
    const now = new Date();
    const result = advance(step, form, now);
    setErrors(result.fieldErrors);
    setStepAlert(result.alert);
    if (result.valid && step === 3 && fields.price !== keptPrice) {
      const meant = priceSlip(
        {
          make: fields.make,
          model: fields.model,
          year: parseNumberInput(fields.year) ?? NaN,
          price: parseNumberInput(fields.price) ?? 0,
        },
        now.getFullYear(),
      );
      if (meant !== null) {
        setSlip({ typed: fields.price, meant });
        return;
      }
    }
    setStep(result.step);
  };
  const slipQuestion =
    slip && slip.typed === fields.price
      ? {
          meant: slip.meant,
          onUse: () => {
            update({ price: String(slip.meant) });
            setSlip(null);
            setStep(nextStep(3));
          },
          onKeep: () => {
            setKeptPrice(slip.typed);
            setSlip(null);
            setStep(nextStep(3));
          },
        }
      : null;
  const back = () => {
    setErrors({});
    setStep(prevStep(step));
  };

  const submit = async () => {
    const check = validateWizard(form, new Date());
    const video = readyVideo(media.video);
    if (!check.valid || !video) {
      if (!check.valid) {
        setStep(check.step);
        setErrors(check.fieldErrors);
        setStepAlert(check.alert);
      }
      return;
    }
    const controller = new AbortController();
    submission.current = controller;
    try {
      const carId = await createListing(
        client,
        { fields, video, photos: media.photos },
        { onPhase: setPhase, signal: controller.signal },
      );
      // Every car list (browse, the inventory, My Cars) is keyed under 'cars' and now lacks the new car.
      void queryClient.invalidateQueries({ queryKey: ['cars'] });
      setListed({ carId, title: carTitle(fields) });
      draft.discard();
      media.reset();
    } catch (error) {
      // A create refused field by field (400) goes back to the first step with a wrong input, shown under it.
      const fieldErrors =
        error instanceof ListingError ? apiFieldErrors(error.cause, WIZARD_FIELDS, ALIASES) : {};
      const first = WIZARD_FIELDS.find((field) => fieldErrors[field] !== undefined);
      if (first) {
        setErrors(fieldErrors);
        setStep(WIZARD_FIELD_STEPS[first]);
      } else {
        setAlert(failureAlert(error));
      }
    } finally {
      submission.current = null;
      setPhase(null);
    }
  };

  const preparing = media.video.status === 'preparing';
  return (
    <div className={styles.wizard}>
      <StepIndicator step={step} />
      {draft.restored ? (
        <div className={styles.notice} role="status">
          <span>Your unfinished listing was restored.</span>
          <Button variant="link" size="sm" onClick={startFresh}>
            Start over
          </Button>
        </div>
      ) : null}
      <h2 className={styles.stepTitle}>
        Step {step} of {LAST_WIZARD_STEP}: {WIZARD_STEPS[step - 1]}
      </h2>
      {phase ? (
        <SubmitProgress phase={phase} onCancel={() => submission.current?.abort()} />
      ) : (
        <>
          {step === 1 ? <MediaStep media={media} needsVideoAgain={draft.restored} /> : null}
          {step === 2 ? <BasicInfoStep {...stepProps} /> : null}
          {step === 3 ? <PricingStep {...stepProps} slip={slipQuestion} /> : null}
          {step === 4 ? <DetailsStep {...stepProps} onAlert={setStepAlert} /> : null}
          {step === 5 ? <FeaturesStep {...stepProps} /> : null}
          {step === LAST_WIZARD_STEP ? (
            <ListingPreview
              fields={fields}
              photos={media.photos}
              video={media.video.status === 'ready' ? media.video.original : null}
            />
          ) : null}
          {/* On step 1 a video chosen (or being prepared) answers what the step refused. */}
          {stepAlert &&
          !(step === 1 && (media.video.status === 'ready' || media.video.status === 'preparing')) ? (
            <StepAlert alert={stepAlert} />
          ) : null}
          <div className={styles.nav}>
            {step > 1 ? (
              <Button variant="secondary" onClick={back}>
                Back
              </Button>
            ) : (
              <span />
            )}
            {step < LAST_WIZARD_STEP ? (
              <Button onClick={next} disabled={preparing}>
                Next
              </Button>
            ) : (
              <Button onClick={() => void submit()} disabled={!canSubmitDescription(fields.description)}>
                Submit Listing
              </Button>
            )}
          </div>
        </>
      )}
      <WizardAlert alert={alert} onClose={() => setAlert(null)} />
    </div>
  );
}
