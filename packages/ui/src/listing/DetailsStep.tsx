import {
  bodyTypeLabel,
  FUEL_TYPES,
  MIN_DESCRIPTION_LENGTH,
  TRANSMISSIONS,
  WIZARD_BODY_TYPES,
  typicalSeats,
  type BodyType,
  type TitledMessage,
} from '@autoreel/core';
import { TextField } from '../kit/TextField.tsx';
import { AiDescriptionActions } from './AiDescriptionActions.tsx';
import { ChipGroup } from './ChipGroup.tsx';
import type { StepProps } from './step-props.ts';
import styles from './Wizard.module.css';

/** Step 4: specs, then the description (last, because writing it with AI needs the specs). */
export function DetailsStep(props: StepProps & { onAlert: (alert: TitledMessage) => void }) {
  const { fields, update, errors } = props;
  const length = fields.description.trim().length;
  return (
    <div className={styles.stepBody}>
      <TextField
        label="Mileage (km)"
        inputMode="numeric"
        value={fields.mileage}
        error={errors.mileage}
        onChange={(event) => update({ mileage: event.target.value.replace(/[^\d.,-]/g, '') })}
      />
      <TextField
        label="Seats"
        inputMode="numeric"
        value={fields.seats}
        error={errors.seats}
        // Blank is fine: the listing then takes the model's usual count, shown here as the hint.
        placeholder={`${typicalSeats(fields.make, fields.model, fields.bodyType as BodyType)} (usual for this model)`}
        onChange={(event) => update({ seats: event.target.value.replace(/[^\d-]/g, '') })}
      />
      <ChipGroup
        label="Fuel type"
        options={FUEL_TYPES}
        value={fields.fuelType}
        onToggle={(fuelType) => update({ fuelType })}
      />
      <ChipGroup
        label="Transmission"
        options={TRANSMISSIONS}
        value={fields.transmission}
        onToggle={(transmission) => update({ transmission })}
      />
      <ChipGroup
        label="Body type"
        options={WIZARD_BODY_TYPES.map((value) => ({ value, label: bodyTypeLabel(value) }))}
        value={fields.bodyType}
        onToggle={(bodyType) => update({ bodyType })}
      />
      <div className={styles.textareaField}>
        <label className={styles.fieldLabel} htmlFor="wizard-description">
          Description
        </label>
        <textarea
          id="wizard-description"
          className={styles.textarea}
          rows={7}
          value={fields.description}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby="wizard-description-count"
          onChange={(event) => update({ description: event.target.value })}
        />
        <p id="wizard-description-count" className={styles.hint}>
          {length < MIN_DESCRIPTION_LENGTH
            ? `${length}/${MIN_DESCRIPTION_LENGTH} characters minimum`
            : `${length} characters`}
        </p>
        {errors.description ? (
          <p className={styles.error} role="alert">
            {errors.description}
          </p>
        ) : null}
        <AiDescriptionActions {...props} />
      </div>
    </div>
  );
}
