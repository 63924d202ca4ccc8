/** SPEC 2: the dismissible banner of the conversation screen. */
export const SAFETY_BANNER_TITLE = 'Stay Safe - Avoid Scams';

export const SAFETY_TIPS: readonly string[] = [
  'Never send money before seeing the car in person',
  'Meet in safe public locations',
  'Verify dealer credentials and documentation',
  'Be cautious of deals too good to be true',
];
