import {
  CONDITIONS,
  EXTERIOR_COLOUR_OPTIONS,
  INTERIOR_COLOUR_OPTIONS,
  MAKE_NAMES,
  POPULAR_MAKES,
  quickYears,
  yearRange,
} from '@autoreel/core';
import { TextField } from '../kit/TextField.tsx';
import { AddOptionField } from './AddOptionField.tsx';
import { ChipGroup } from './ChipGroup.tsx';
import type { StepProps } from './step-props.ts';
import { addCustomMake, addCustomModel, chooseMake, chooseModel, modelsFor } from './wizard-fields.ts';
import styles from './Wizard.module.css';

const OTHER_MAKES = MAKE_NAMES.filter((make) => !POPULAR_MAKES.includes(make));

function MakePicker({ fields, update, errors }: StepProps) {
  const allMakes = [...MAKE_NAMES, ...fields.customMakes];
  return (
    <section className={styles.section} aria-labelledby="wizard-make-heading">
      <h3 id="wizard-make-heading" className={styles.sectionTitle}>
        Make
      </h3>
      <ChipGroup
        label="Popular brands"
        options={POPULAR_MAKES}
        value={fields.make}
        onToggle={(make) => update((current) => chooseMake(current, make))}
      />
      <ChipGroup
        label="More makes"
        options={[...OTHER_MAKES, ...fields.customMakes]}
        value={fields.make}
        onToggle={(make) => update((current) => chooseMake(current, make))}
        error={errors.make}
      />
      <AddOptionField
        label="Other make"
        placeholder="Type a make that is not listed"
        buttonLabel="Add Make"
        onAdd={(value) => {
          const edit = addCustomMake(fields, allMakes, value);
          if (!edit.error) update(edit.fields);
          return edit.error;
        }}
      />
    </section>
  );
}

function ModelPicker({ fields, update, errors }: StepProps) {
  const models = fields.make ? modelsFor(fields, fields.make) : [];
  return (
    <section className={styles.section} aria-labelledby="wizard-model-heading">
      <h3 id="wizard-model-heading" className={styles.sectionTitle}>
        Model
      </h3>
      {!fields.make ? (
        <p className={styles.hint}>Choose a make first.</p>
      ) : models.length > 0 ? (
        <ChipGroup
          label={`${fields.make} models`}
          options={models}
          value={fields.model}
          onToggle={(model) => update(chooseModel(fields, model))}
        />
      ) : (
        <p className={styles.hint}>No models listed for {fields.make}: add the model below.</p>
      )}
      {errors.model ? (
        <p className={styles.error} role="alert">
          {errors.model}
        </p>
      ) : null}
      {fields.make ? (
        <AddOptionField
          label="Other model"
          placeholder={`Type a ${fields.make} model`}
          buttonLabel="Add Model"
          onAdd={(value) => {
            const edit = addCustomModel(fields, value);
            if (!edit.error) update(edit.fields);
            return edit.error;
          }}
        />
      ) : null}
    </section>
  );
}

/** Step 2: what identifies the car. */
export function BasicInfoStep(props: StepProps) {
  const { fields, update, errors } = props;
  const now = new Date();
  const { min, max } = yearRange(now);
  return (
    <div className={styles.stepBody}>
      <MakePicker {...props} />
      <ModelPicker {...props} />
      <section className={styles.section}>
        <TextField
          label="Year"
          inputMode="numeric"
          placeholder={`${min} to ${max}`}
          value={fields.year}
          error={errors.year}
          onChange={(event) => update({ year: event.target.value.replace(/[^\d]/g, '').slice(0, 4) })}
        />
        <ChipGroup
          label="Quick years"
          options={quickYears(now).map(String)}
          value={fields.year}
          onToggle={(year) => update({ year })}
        />
      </section>
      <ChipGroup
        label="Exterior colour"
        options={EXTERIOR_COLOUR_OPTIONS.map((c) => ({ value: c.name, swatch: c.hex }))}
        value={fields.exteriorColor}
        onToggle={(exteriorColor) => update({ exteriorColor })}
        error={errors.exteriorColor}
      />
      <ChipGroup
        label="Interior colour"
        options={INTERIOR_COLOUR_OPTIONS.map((c) => ({ value: c.name, swatch: c.hex }))}
        value={fields.interiorColor}
        onToggle={(interiorColor) => update({ interiorColor })}
        error={errors.interiorColor}
      />
      <ChipGroup
        label="Condition"
        options={CONDITIONS}
        value={fields.condition}
        onToggle={(condition) => update({ condition })}
      />
    </div>
  );
}
