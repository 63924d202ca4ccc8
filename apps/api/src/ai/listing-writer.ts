import type { BodyType, Condition, FuelType, Transmission } from '@autoreel/core';
import { LUXURY_MAKES, SELECTABLE_FEATURES } from '@autoreel/core';

/** What a listing is written from: the wizard's specs, nothing else. */
export interface ListingSpecs {
  make: string;
  model: string;
  year: number;
  mileage?: number | undefined;
  condition: Condition;
  color: string;
  fuelType: FuelType;
  transmission: Transmission;
  bodyType: BodyType;
}

export interface WrittenListing {
  description: string;
  features: string[];
}

/** Car data an existing description is checked against; drafts may leave any of it out. */
export interface DescriptionFacts {
  make?: string | undefined;
  model?: string | undefined;
  year?: number | undefined;
  mileage?: number | undefined;
  condition?: string | undefined;
  color?: string | undefined;
  fuelType?: string | undefined;
  transmission?: string | undefined;
  bodyType?: string | undefined;
  features?: readonly string[] | undefined;
}

export const MIN_FEATURES = 5;
export const MAX_FEATURES = 8;

/** FNV-1a: a stable choice between phrasings, so the same specs always give the same text. */
function stableHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

function pick<T>(options: readonly T[], seed: number): T {
  return options[seed % options.length]!;
}

const km = (value: number) => `${value.toLocaleString('en-US')} km`;

// Each phrase opens with a consonant sound ('used' too), so the article is always 'a'.
const CONDITION_PHRASES: Readonly<Record<Condition, string>> = {
  New: 'brand-new',
  Used: 'used',
  'Certified Pre-Owned': 'certified pre-owned',
};

const BODY_NOUNS: Readonly<Record<BodyType, string>> = {
  Sedan: 'sedan',
  SUV: 'SUV',
  Hatchback: 'hatchback',
  Coupe: 'coupe',
  Convertible: 'convertible',
  Wagon: 'wagon',
  Truck: 'bakkie (pickup)',
};

/** What any car of the body type is for; a statement about the type, never about this car's history. */
const BODY_SENTENCES: Readonly<Record<BodyType, string>> = {
  Sedan: 'A sedan is a comfortable choice for daily driving and longer trips.',
  SUV: 'The SUV body gives a raised driving position and room for passengers and luggage.',
  Hatchback: 'A hatchback is practical in town and easy to park.',
  Coupe: 'The coupe body suits drivers who enjoy the road.',
  Convertible: 'A convertible makes the most of sunny days with open-top driving.',
  Wagon: 'The wagon body offers a long load space for family trips and luggage.',
  Truck: 'The open load bed of a bakkie takes work equipment, farm loads and weekend gear.',
};

const FUEL_PHRASES: Readonly<Record<FuelType, string>> = {
  Petrol: 'a petrol engine',
  Diesel: 'a diesel engine',
  Electric: 'fully electric drive',
  Hybrid: 'a hybrid drivetrain',
};

// The makes the match scorer counts as premium, so a listing and a search agree on what 'luxury' is.
const PREMIUM_MAKES = new Set(LUXURY_MAKES.map((make) => make.toLowerCase()));

/**
 * A listing description from the specs alone: title, condition, colour, fuel, gearbox, mileage and what the
 * body type is good for. It never claims service history, owners, accidents or extras it was not given.
 */
export function writeDescription(specs: ListingSpecs): string {
  const seed = stableHash(JSON.stringify([specs.make, specs.model, specs.year, specs.mileage, specs.color]));
  const title = `${specs.year} ${specs.make.trim()} ${specs.model.trim()}`;
  const condition = CONDITION_PHRASES[specs.condition];
  const body = BODY_NOUNS[specs.bodyType];
  const opening = pick(
    [
      `For sale: this ${title}, a ${condition} ${body} finished in ${specs.color}.`,
      `This ${title} is a ${condition} ${body} finished in ${specs.color}.`,
    ],
    seed,
  );
  const gearbox = specs.transmission === 'Automatic' ? 'an automatic gearbox' : 'a manual gearbox';
  let drive = `It has ${FUEL_PHRASES[specs.fuelType]} and ${gearbox}`;
  if (specs.mileage !== undefined) {
    drive +=
      specs.mileage === 0 ? ' and has not been driven yet.' : `, with ${km(specs.mileage)} on the clock.`;
  } else drive += '.';
  const closing = pick(
    [
      'Contact the seller to arrange a viewing or a test drive.',
      'Get in touch with the seller to view it or book a test drive.',
    ],
    seed >>> 8,
  );
  return [opening, drive, BODY_SENTENCES[specs.bodyType], closing].join(' ');
}

/**
 * 5 to 8 catalogue features that cars of this body, fuel, year and make commonly have, most likely first.
 * They are suggestions for the seller to confirm in the wizard, not claims in the description.
 */
export function suggestFeatures(specs: ListingSpecs): string[] {
  const wanted: string[] = [];
  const add = (...names: string[]) => wanted.push(...names);
  const { year } = specs;
  add('Air Conditioning');
  if (year >= 2008) add('Bluetooth');
  if (specs.fuelType === 'Electric')
    add('Climate Control', 'Keyless Entry', 'Push Button Start', 'Navigation System');
  if (specs.fuelType === 'Hybrid') add('Climate Control', 'Push Button Start');
  if (PREMIUM_MAKES.has(specs.make.trim().toLowerCase()))
    add('Leather Seats', 'Climate Control', 'Navigation System');
  switch (specs.bodyType) {
    case 'SUV':
      add('Parking Sensors', 'Tow Bar');
      break;
    case 'Truck':
      add('Tow Bar', 'Four-Wheel Drive');
      break;
    case 'Wagon':
      add('Parking Sensors', 'Cruise Control');
      break;
    case 'Sedan':
      add('Cruise Control');
      break;
    case 'Hatchback':
      add('Parking Sensors');
      break;
    case 'Coupe':
    case 'Convertible':
      add('Leather Seats', 'Premium Sound System');
      break;
  }
  if (year >= 2016) add('Apple CarPlay', 'Android Auto', 'Reverse Camera');
  if (year >= 2019) add('Autonomous Emergency Braking', 'Lane Keep Assist', 'LED Headlights');
  add('Alloy Wheels', 'Cruise Control', 'Parking Sensors', 'Electric Seats', 'Keyless Entry');
  const catalogue = new Set(SELECTABLE_FEATURES);
  const features = [...new Set(wanted)].filter((name) => catalogue.has(name));
  return features.slice(0, MAX_FEATURES);
}

/** Words that name each body type; a description naming another type's word says the car is something it is not. */
const BODY_WORDS: Readonly<Record<BodyType, readonly string[]>> = {
  Sedan: ['sedan', 'saloon'],
  SUV: ['suv'],
  Hatchback: ['hatchback'],
  Coupe: ['coupe', 'coupé'],
  Convertible: ['convertible', 'cabriolet'],
  Wagon: ['wagon', 'estate'],
  Truck: ['bakkie', 'pickup', 'pick-up', 'truck'],
};

/** Engine words; 'electric' is left out, since petrol cars have electric windows and seats. */
const FUEL_WORDS: Readonly<Partial<Record<FuelType, readonly string[]>>> = {
  Petrol: ['petrol', 'gasoline'],
  Diesel: ['diesel'],
  Hybrid: ['hybrid'],
};

const TRANSMISSION_WORDS: Readonly<Record<Transmission, readonly string[]>> = {
  Automatic: ['automatic gearbox', 'automatic transmission'],
  Manual: ['manual gearbox', 'manual transmission'],
};

function namesAny(text: string, words: readonly string[]): string | undefined {
  return words.find((word) => new RegExp(`(^|[^\\p{L}])${word}($|[^\\p{L}])`, 'iu').test(text));
}

/**
 * The first thing a written description says that the specs contradict: another body type ('a comfortable sedan'
 * for a Hilux listed as a bakkie), another engine, or the other gearbox. Undefined when it keeps to the specs.
 */
export function contradictionOf(description: string, specs: ListingSpecs): string | undefined {
  for (const [type, words] of Object.entries(BODY_WORDS) as [BodyType, readonly string[]][]) {
    if (type === specs.bodyType) continue;
    const own = BODY_WORDS[specs.bodyType];
    const found = namesAny(
      description,
      words.filter((word) => !own.includes(word)),
    );
    if (found) return `body type '${found}' for a ${specs.bodyType}`;
  }
  for (const [fuel, words] of Object.entries(FUEL_WORDS) as [FuelType, readonly string[]][]) {
    const found = fuel === specs.fuelType ? undefined : namesAny(description, words);
    if (found) return `fuel '${found}' for ${specs.fuelType}`;
  }
  for (const [gearbox, words] of Object.entries(TRANSMISSION_WORDS) as [Transmission, readonly string[]][]) {
    const found = gearbox === specs.transmission ? undefined : namesAny(description, words);
    if (found) return `'${found}' for ${specs.transmission}`;
  }
  return undefined;
}

export function writeListing(specs: ListingSpecs): WrittenListing {
  return { description: writeDescription(specs), features: suggestFeatures(specs) };
}

/** Spaces, capitals and full stops fixed; no word of the writer's is changed or dropped. */
export function tidyText(text: string): string {
  let out = text
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
    .replace(/ +([,.;:!?])/g, '$1')
    .replace(/([,;:!?])(?=[A-Za-z])/g, '$1 ')
    .replace(/([.!?])\1+/g, '$1')
    .replace(/\bi\b/g, 'I');
  // A capital at the start of every sentence and paragraph.
  out = out.replace(
    /(^|[.!?]\s+|\n\s*)([a-z])/g,
    (_m, lead: string, letter: string) => lead + letter.toUpperCase(),
  );
  if (out && !/[.!?)]$/.test(out)) out += '.';
  return out;
}

function mentions(text: string, value: string): boolean {
  return text.toLowerCase().includes(value.trim().toLowerCase());
}

function mentionsNumber(text: string, value: number): boolean {
  const digits = text.replace(/(\d)[\s,.](?=\d{3}\b)/g, '$1');
  return (
    new RegExp(`(^|\\D)${value}(\\D|$)`).test(digits) ||
    (value >= 1000 && new RegExp(`(^|\\D)${value / 1000}\\s?k`, 'i').test(text))
  );
}

/**
 * Tidies a seller's description and appends the car's specs that it does not mention yet. Every fact of the
 * original stays; nothing is added that carData does not state. Same input, same output.
 */
export function enhanceDescription(description: string, facts: DescriptionFacts): string {
  const tidy = tidyText(description);
  const missing: string[] = [];
  const title = [facts.year !== undefined ? String(facts.year) : '', facts.make ?? '', facts.model ?? '']
    .filter((part) => part.trim() !== '')
    .filter((part) => (/^\d+$/.test(part) ? !mentionsNumber(tidy, Number(part)) : !mentions(tidy, part)));
  if (title.length) missing.push(title.join(' '));
  if (facts.condition && !mentions(tidy, facts.condition)) missing.push(facts.condition.toLowerCase());
  if (facts.color && !mentions(tidy, facts.color)) missing.push(facts.color);
  if (facts.bodyType && !mentions(tidy, facts.bodyType)) missing.push(facts.bodyType);
  if (facts.fuelType && !mentions(tidy, facts.fuelType)) missing.push(facts.fuelType.toLowerCase());
  if (facts.transmission && !mentions(tidy, facts.transmission))
    missing.push(`${facts.transmission.toLowerCase()} transmission`);
  if (facts.mileage !== undefined && !mentionsNumber(tidy, facts.mileage)) missing.push(km(facts.mileage));
  const sentences = [tidy];
  if (missing.length) sentences.push(`Key details: ${missing.join(', ')}.`);
  const features = (facts.features ?? []).map((f) => f.trim()).filter((f) => f && !mentions(tidy, f));
  if (features.length) sentences.push(`Features: ${features.join(', ')}.`);
  return sentences.join(' ');
}
