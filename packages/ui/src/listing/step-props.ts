import type { WizardField } from '@autoreel/core';
import type { WizardFields } from './wizard-fields.ts';

export interface StepProps {
  fields: WizardFields;
  /** Applies a change to the fields; a function sees the latest fields. */
  update: (change: Partial<WizardFields> | ((fields: WizardFields) => WizardFields)) => void;
  /** Messages from the last Next on this step, under their inputs. */
  errors: Partial<Record<WizardField, string>>;
}
