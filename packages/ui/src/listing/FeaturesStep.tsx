import {
  FEATURE_GROUPS,
  FEATURE_GROUP_LABELS,
  FEATURE_OPTIONS,
  SELECTABLE_FEATURES,
  toggleFeature,
} from '@autoreel/core';
import { CloseIcon } from '../kit/icons.tsx';
import { AddOptionField } from './AddOptionField.tsx';
import { ChipGroup } from './ChipGroup.tsx';
import type { StepProps } from './step-props.ts';
import { addTypedFeature } from './wizard-fields.ts';
import styles from './Wizard.module.css';

/** Step 5: catalogue features by group, and the seller's own (trimmed, never twice). Nothing is required. */
export function FeaturesStep({ fields, update }: StepProps) {
  const custom = fields.features.filter((feature) => !SELECTABLE_FEATURES.includes(feature));
  return (
    <div className={styles.stepBody}>
      <p className={styles.hint}>{fields.features.length} selected</p>
      {FEATURE_GROUPS.map((group) => (
        <ChipGroup
          key={group}
          label={FEATURE_GROUP_LABELS[group]}
          options={FEATURE_OPTIONS.filter((option) => option.group === group).map((option) => option.name)}
          value={fields.features}
          onToggle={(feature) =>
            update((current) => ({ ...current, features: toggleFeature(current.features, feature) }))
          }
        />
      ))}
      <section className={styles.section} aria-labelledby="wizard-custom-features">
        <h3 id="wizard-custom-features" className={styles.sectionTitle}>
          Your own features
        </h3>
        {custom.length > 0 ? (
          <ul className={styles.photoList} aria-label="Your own features">
            {custom.map((feature) => (
              <li key={feature} className={styles.photoItem}>
                <span>{feature}</span>
                <button
                  type="button"
                  className={styles.iconRemove}
                  aria-label={`Remove ${feature}`}
                  onClick={() =>
                    update((current) => ({
                      ...current,
                      features: current.features.filter((f) => f !== feature),
                    }))
                  }
                >
                  <CloseIcon size={14} />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <AddOptionField
          label="Add a feature"
          placeholder="e.g. Full service history"
          buttonLabel="Add Feature"
          onAdd={(value) => {
            const edit = addTypedFeature(fields.features, value);
            if (!edit.error) update({ features: edit.list });
            return edit.error;
          }}
        />
      </section>
    </div>
  );
}
