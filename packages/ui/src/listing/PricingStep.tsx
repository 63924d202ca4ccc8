import { priceLabel } from '@autoreel/core';
import { Button } from '../kit/Button.tsx';
import { TextField } from '../kit/TextField.tsx';
import type { StepProps } from './step-props.ts';
import styles from './Wizard.module.css';

/** A price far below the model's usual ones, asked about before the seller moves on. */
export interface PriceSlipQuestion {
  /** The price the seller most likely meant. */
  meant: number;
  onUse: () => void;
  onKeep: () => void;
}

export interface PricingStepProps extends StepProps {
  slip?: PriceSlipQuestion | null;
}

/** Step 3: the price is optional; empty or 0 shows as 'Contact for price'. */
export function PricingStep({ fields, update, errors, slip }: PricingStepProps) {
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
      {slip ? (
        <div className={styles.notice} role="alert">
          <span>
            {priceLabel(fields.price)}, did you mean {priceLabel(String(slip.meant))}?
          </span>
          <Button size="sm" onClick={slip.onUse}>
            Use {priceLabel(String(slip.meant))}
          </Button>
          <Button size="sm" variant="secondary" onClick={slip.onKeep}>
            Keep {priceLabel(fields.price)}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
