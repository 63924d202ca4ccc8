import { useCallback, useEffect, useRef, useState } from 'react';
import { FIRST_WIZARD_STEP, type WizardStep } from '@autoreel/core';
import type { DraftStore } from '../platform/draft-store.ts';
import { freshFields, hasContent, readDraft, type WizardFields } from './wizard-fields.ts';

export interface WizardProgress {
  step: WizardStep;
  fields: WizardFields;
}

/** Saves settle for this long, so typing a description writes once per pause rather than per key. */
export const DRAFT_SAVE_DELAY_MS = 300;

const fresh = (): WizardProgress => ({ step: FIRST_WIZARD_STEP, fields: freshFields() });

/**
 * The wizard's step and fields, restored from the draft store on mount and written back as they change. Null
 * until the store has answered, so a restored draft never flashes an empty form first.
 */
export function useWizardDraft(store: DraftStore, key: string) {
  const [progress, setProgress] = useState<WizardProgress | null>(null);
  const [restored, setRestored] = useState(false);
  const loadedKey = useRef<string | null>(null);

  useEffect(() => {
    let live = true;
    loadedKey.current = null;
    setProgress(null);
    void store.load(key).then(
      (raw) => {
        if (!live) return;
        const draft = readDraft(raw);
        loadedKey.current = key;
        setRestored(draft !== null && hasContent(draft.fields));
        setProgress(draft ? { step: draft.step, fields: draft.fields } : fresh());
      },
      () => {
        if (!live) return;
        loadedKey.current = key;
        setProgress(fresh());
      },
    );
    return () => {
      live = false;
    };
  }, [store, key]);

  useEffect(() => {
    if (!progress || loadedKey.current !== key) return;
    const timer = setTimeout(() => {
      if (progress.step === FIRST_WIZARD_STEP && !hasContent(progress.fields)) void store.remove(key);
      else void store.save(key, { version: 1, step: progress.step, fields: progress.fields });
    }, DRAFT_SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [store, key, progress]);

  /** Starts again from an empty form and forgets the stored draft (Start over, Add Another Car, after submit). */
  const discard = useCallback(() => {
    setRestored(false);
    setProgress(fresh());
    void store.remove(key);
  }, [store, key]);

  return { progress, setProgress, restored, dismissRestored: () => setRestored(false), discard };
}
