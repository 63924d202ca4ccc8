import { carTitle } from '@autoreel/core';
import { useId, useState, type FormEvent } from 'react';
import { CAR_STATUS_LABELS, sellerStatusChoices, type CarStatus } from '@autoreel/core';
import { Button } from '../../../kit/Button.tsx';
import { Dialog } from '../../../kit/Dialog.tsx';
import { TextField } from '../../../kit/TextField.tsx';
import dashboard from '../Dashboard.module.css';
import { LabeledSelect } from '../LabeledSelect.tsx';
import { useUpdateCar, type DealerCar } from '../../../dealers/dealer-api.ts';
import { useFormSubmit } from '../../../platform/useFormSubmit.ts';
import { EDIT_CAR_FIELDS, editFormFor, validateEditCar, type EditCarForm } from './edit-car-form.ts';
import styles from './Inventory.module.css';

/** The status choices for this car: a draft keeps its status until its video is added. */
export const statusOptionsFor = (current: CarStatus) =>
  sellerStatusChoices(current).map((status) => ({ value: status, label: CAR_STATUS_LABELS[status] }));

/** Edits a listing's price, mileage, description and status (PUT /cars/{id}). */
export function EditCarDialog({ car, onClose }: { car: DealerCar; onClose: () => void }) {
  const [form, setForm] = useState<EditCarForm>(() => editFormFor(car));
  const title = carTitle(car);
  const descriptionId = useId();
  const { errors, failure, pending, send, refuse, clearError } = useFormSubmit(useUpdateCar(), {
    fields: EDIT_CAR_FIELDS,
    failure: { fallback: 'Failed to update car: please try again', prefix: 'Failed to update car' },
    success: { title: 'Car updated', description: title, tone: 'success' },
    onSuccess: onClose,
  });

  const set = <K extends keyof EditCarForm>(key: K, value: EditCarForm[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
    clearError(key);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateEditCar(form);
    if (!result.body) return refuse(result.errors);
    send({ id: car.id, body: result.body });
  };

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())} title={`Edit ${title}`}>
      <form className={dashboard.stack} onSubmit={submit} noValidate>
        <TextField
          label="Price"
          inputMode="numeric"
          value={form.price}
          onChange={(e) => set('price', e.target.value)}
          error={errors.price}
          hint="Leave empty to show 'Contact for price'."
        />
        <TextField
          label="Mileage (km)"
          inputMode="numeric"
          value={form.mileage}
          onChange={(e) => set('mileage', e.target.value)}
          error={errors.mileage}
        />
        <div className={styles.textareaField}>
          <label htmlFor={descriptionId} className={styles.textareaLabel}>
            Description
          </label>
          <textarea
            id={descriptionId}
            className={styles.textarea}
            rows={5}
            value={form.description}
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={errors.description ? `${descriptionId}-error` : undefined}
            onChange={(e) => set('description', e.target.value)}
          />
          {errors.description ? (
            <span id={`${descriptionId}-error`} role="alert" className={dashboard.error}>
              {errors.description}
            </span>
          ) : null}
        </div>
        <LabeledSelect<CarStatus>
          label="Status"
          options={statusOptionsFor(car.status)}
          value={form.status}
          onChange={(status) => set('status', status)}
        />
        {failure ? (
          <p role="alert" className={dashboard.error}>
            {failure}
          </p>
        ) : null}
        <div className={dashboard.row}>
          <span className={dashboard.spacer} />
          <Button variant="ghost" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            Save changes
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
