export interface AddCarWizardProps {
  /** Called on the success screen's way out; `carId` is the car just listed. */
  onDone?: (carId: string) => void;
  /** Manage My Cars: the seller's inventory. */
  onManageCars?: () => void;
}

/** The five-step Add Car wizard of SPEC 2/4/5 (Media, Basic Info, Pricing, Details, Features) and its success screen. */
export function AddCarWizard(_props: AddCarWizardProps) {
  return <p>Add Car</p>;
}
