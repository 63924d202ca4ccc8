/** SPEC 2: the dismissible banner of the conversation screen. */
export const SAFETY_BANNER_TITLE = 'Stay Safe - Avoid Scams';

export const SAFETY_TIPS: readonly string[] = [
  'Never send money before seeing the car in person',
  'Meet in safe public locations',
  'Verify dealer credentials and documentation',
  'Be cautious of deals too good to be true',
];

/** The seller's side of a chat (a dealer or a private seller): the scams aimed at sellers. */
export const SELLER_SAFETY_TIPS: readonly string[] = [
  'Hand over the car and papers only once the payment has cleared',
  'Ride along on test drives, after seeing the driver licence',
  'Never refund an overpayment: it is a common scam',
  'Meet buyers in safe public locations',
];
