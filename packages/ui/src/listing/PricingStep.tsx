import { priceLabel } from '@autoreel/core';
import { TextField } from '../kit/TextField.tsx';
import type { StepProps } from './step-props.ts';
import styles from './Wizard.module.css';

/** Step 3: the price is optional; empty or 0 shows as 'Contact for price'. */
export function PricingStep({ fields, update, errors }: StepProps) {
  return (
    <div className={styles.stepBody}>
      <TextField
        label="Price"
        inputMode="numeric"
        placeholder="Leave empty for Contact for price"
        value={fields.price}
        error={errors.price}
        onChange={(event) => update({ price: event.target.value.replace(/[^\d.,-]/g, '') })}
        hint={
          <>
            Buyers will see: <strong data-testid="price-preview">{priceLabel(fields.price)}</strong>
          </>
        }
      />
    </div>
  );
}
