import type { BodyType, Condition, FuelType, Transmission } from '../../cars/index.ts';
import { SEAT_FILTER_STEPS } from '../../cars/index.ts';

/**
 * The words people use for the SPEC 9 option values, everyday and regional (Southern African English included:
 * a bakkie is a pick-up, a kombi a minibus). Phrases are lower case with single spaces; hyphens in a query are
 * read as spaces, so 'pre-owned' is listed as 'pre owned'.
 */

/** Soft preferences rank results without excluding any car. */
export const SOFT_PREFERENCES = [
  'cheap',
  'family',
  'luxury',
  'reliable',
  'fuel-efficient',
  'sporty',
  'recent',
  'spacious',
  'small',
  'easy',
  'long-trips',
  'rugged',
  'ride-hailing',
] as const;
export type SoftPreference = (typeof SOFT_PREFERENCES)[number];

/**
 * Body words. SPEC 9 has no van or MPV body type: minivans, kombis, people carriers and MPVs are read as Wagon,
 * the closest of the seven (a long roof and a big load space), and also add the 'spacious' preference.
 * 'Family car' is not a body type at all: it only prefers SUVs and wagons (soft 'family').
 */
export const BODY_WORDS: Readonly<Record<string, BodyType>> = {
  sedan: 'Sedan',
  sedans: 'Sedan',
  saloon: 'Sedan',
  saloons: 'Sedan',
  'four door': 'Sedan',
  '4 door': 'Sedan',
  suv: 'SUV',
  suvs: 'SUV',
  '4x4': 'SUV',
  '4x4s': 'SUV',
  '4wd': 'SUV',
  'off road': 'SUV',
  'off roader': 'SUV',
  'off roaders': 'SUV',
  offroad: 'SUV',
  offroader: 'SUV',
  crossover: 'SUV',
  crossovers: 'SUV',
  'sport utility': 'SUV',
  hatchback: 'Hatchback',
  hatchbacks: 'Hatchback',
  hatch: 'Hatchback',
  hatches: 'Hatchback',
  coupe: 'Coupe',
  coupes: 'Coupe',
  'two door': 'Coupe',
  '2 door': 'Coupe',
  convertible: 'Convertible',
  convertibles: 'Convertible',
  cabriolet: 'Convertible',
  cabriolets: 'Convertible',
  cabrio: 'Convertible',
  roadster: 'Convertible',
  roadsters: 'Convertible',
  'drop top': 'Convertible',
  'soft top': 'Convertible',
  wagon: 'Wagon',
  wagons: 'Wagon',
  'station wagon': 'Wagon',
  estate: 'Wagon',
  estates: 'Wagon',
  'shooting brake': 'Wagon',
  minivan: 'Wagon',
  minivans: 'Wagon',
  'mini van': 'Wagon',
  van: 'Wagon',
  vans: 'Wagon',
  mpv: 'Wagon',
  mpvs: 'Wagon',
  kombi: 'Wagon',
  kombis: 'Wagon',
  'people carrier': 'Wagon',
  'people mover': 'Wagon',
  minibus: 'Wagon',
  truck: 'Truck',
  trucks: 'Truck',
  pickup: 'Truck',
  pickups: 'Truck',
  'pick up': 'Truck',
  'pick ups': 'Truck',
  bakkie: 'Truck',
  bakkies: 'Truck',
  ute: 'Truck',
  utes: 'Truck',
  'double cab': 'Truck',
  'single cab': 'Truck',
};

/** Body words that also say the buyer wants room. */
export const SPACIOUS_BODY_WORDS = new Set([
  'minivan',
  'minivans',
  'mini van',
  'van',
  'vans',
  'mpv',
  'mpvs',
  'kombi',
  'kombis',
  'people carrier',
  'people mover',
  'minibus',
]);

export const FUEL_WORDS: Readonly<Record<string, FuelType>> = {
  petrol: 'Petrol',
  gas: 'Petrol',
  gasoline: 'Petrol',
  benzine: 'Petrol',
  unleaded: 'Petrol',
  diesel: 'Diesel',
  diesels: 'Diesel',
  'turbo diesel': 'Diesel',
  tdi: 'Diesel',
  d4d: 'Diesel',
  electric: 'Electric',
  electrics: 'Electric',
  'fully electric': 'Electric',
  'all electric': 'Electric',
  'battery electric': 'Electric',
  ev: 'Electric',
  evs: 'Electric',
  bev: 'Electric',
  hybrid: 'Hybrid',
  hybrids: 'Hybrid',
  'plug in': 'Hybrid',
  'plug in hybrid': 'Hybrid',
  plugin: 'Hybrid',
  phev: 'Hybrid',
  hev: 'Hybrid',
};

export const TRANSMISSION_WORDS: Readonly<Record<string, Transmission>> = {
  auto: 'Automatic',
  automatic: 'Automatic',
  automatics: 'Automatic',
  'auto box': 'Automatic',
  autobox: 'Automatic',
  dsg: 'Automatic',
  cvt: 'Automatic',
  tiptronic: 'Automatic',
  manual: 'Manual',
  manuals: 'Manual',
  stick: 'Manual',
  'stick shift': 'Manual',
  stickshift: 'Manual',
  'manual gearbox': 'Manual',
  'gear stick': 'Manual',
};

/**
 * Condition words. A plain 'new' is the car's condition only where it qualifies the car ('a new car', 'new bmw');
 * the reader decides that from the words around it (new-condition.ts). 'Brand new' always means the car.
 */
export const CONDITION_WORDS: Readonly<Record<string, Condition>> = {
  new: 'New',
  'brand new': 'New',
  used: 'Used',
  'second hand': 'Used',
  secondhand: 'Used',
  'pre owned': 'Used',
  preowned: 'Used',
  'pre loved': 'Used',
  certified: 'Certified Pre-Owned',
  cpo: 'Certified Pre-Owned',
  'certified pre owned': 'Certified Pre-Owned',
  'certified used': 'Certified Pre-Owned',
  'certified preowned': 'Certified Pre-Owned',
};

/** Phrases that ask for either condition ('new or used toyota'): they take their words and filter nothing. */
export const ANY_CONDITION_WORDS: readonly string[] = [
  'new or used',
  'used or new',
  'new or second hand',
  'new or pre owned',
  'new or preowned',
  'any condition',
];

/**
 * Colour words to exterior colour names, most fitting first. The reader answers the first one the colour
 * catalogue has (its spelling of Grey, its Burgundy), so the two cannot disagree.
 */
export const COLOR_WORDS: Readonly<Record<string, readonly string[]>> = {
  black: ['Black'],
  white: ['White'],
  'pearl white': ['White'],
  silver: ['Silver'],
  grey: ['Grey', 'Gray'],
  gray: ['Grey', 'Gray'],
  charcoal: ['Grey', 'Gray'],
  gunmetal: ['Grey', 'Gray'],
  red: ['Red'],
  maroon: ['Burgundy', 'Red'],
  burgundy: ['Burgundy', 'Red'],
  wine: ['Burgundy', 'Red'],
  blue: ['Blue'],
  navy: ['Blue'],
  green: ['Green'],
  brown: ['Brown'],
  bronze: ['Brown'],
  beige: ['Beige'],
  cream: ['Beige'],
  champagne: ['Beige', 'Gold'],
  gold: ['Gold'],
  golden: ['Gold'],
  orange: ['Orange'],
  yellow: ['Yellow'],
  purple: ['Purple', 'Burgundy'],
};

export const SOFT_WORDS: Readonly<Record<string, SoftPreference>> = {
  cheap: 'cheap',
  cheaper: 'cheap',
  cheapest: 'cheap',
  affordable: 'cheap',
  inexpensive: 'cheap',
  bargain: 'cheap',
  'good deal': 'cheap',
  'best deal': 'cheap',
  deal: 'cheap',
  deals: 'cheap',
  'low price': 'cheap',
  'budget friendly': 'cheap',
  family: 'family',
  'family car': 'family',
  'family cars': 'family',
  'family friendly': 'family',
  kids: 'family',
  spacious: 'spacious',
  roomy: 'spacious',
  big: 'spacious',
  large: 'spacious',
  luxury: 'luxury',
  luxurious: 'luxury',
  premium: 'luxury',
  'high end': 'luxury',
  posh: 'luxury',
  reliable: 'reliable',
  dependable: 'reliable',
  reliability: 'reliable',
  'fuel efficient': 'fuel-efficient',
  'fuel saver': 'fuel-efficient',
  'good fuel economy': 'fuel-efficient',
  'low fuel consumption': 'fuel-efficient',
  economical: 'fuel-efficient',
  efficient: 'fuel-efficient',
  economy: 'fuel-efficient',
  eco: 'fuel-efficient',
  frugal: 'fuel-efficient',
  sporty: 'sporty',
  sports: 'sporty',
  'sports car': 'sporty',
  fast: 'sporty',
  performance: 'sporty',
  quick: 'sporty',
  recent: 'recent',
  'late model': 'recent',
  latest: 'recent',
  newest: 'recent',
  newer: 'recent',
  modern: 'recent',
  small: 'small',
  smaller: 'small',
  compact: 'small',
  little: 'small',
  tiny: 'small',
  'city car': 'small',
  'easy to park': 'small',
  'easy to drive': 'easy',
};

/**
 * 'Good on fuel', 'easy on petrol', 'light on diesel': a car that uses little, the fuel-efficient preference.
 * Petrol and gas are also the everyday words for fuel itself, so 'good on petrol' sets no fuel filter: a hybrid
 * burns petrol too and is the best answer, which a Petrol filter would hide. Diesel names only itself, so 'good
 * on diesel' is a frugal diesel: the preference and the Diesel filter, as 'diesel' alone reads.
 */
const ECONOMY_LEADS = ['good on', 'easy on', 'light on', 'cheap on', 'economical on', 'saves', 'saves on'];
const ECONOMY_FUELS: Readonly<Record<string, FuelType | null>> = {
  fuel: null,
  petrol: null,
  gas: null,
  gasoline: null,
  diesel: 'Diesel',
};
export const FUEL_ECONOMY_WORDS: Readonly<Record<string, FuelType | null>> = Object.fromEntries(
  ECONOMY_LEADS.flatMap((lead) =>
    Object.entries(ECONOMY_FUELS).map(([fuel, fuelType]) => [`${lead} ${fuel}`, fuelType]),
  ),
);

/** Phrases to the preferences they imply, from groups of phrases that imply the same. */
function intentTable(
  groups: readonly (readonly [readonly string[], readonly SoftPreference[]])[],
): Record<string, readonly SoftPreference[]> {
  const table: Record<string, readonly SoftPreference[]> = {};
  for (const [phrases, preferences] of groups) for (const phrase of phrases) table[phrase] = preferences;
  return table;
}

/**
 * What a first car is: affordable, small and easy to drive. Its own constant because the reader asks whether a
 * first car was read: beside one, 'a new car' is the buyer's next car, not condition New (new-condition.ts).
 */
export const FIRST_CAR_PREFERENCES: readonly SoftPreference[] = ['cheap', 'small', 'easy'];

/**
 * What a buyer says about the car's use rather than the car ('for a new driver', 'for the farm'), read as the
 * preferences that use implies. None of them is a hard filter: a first car is affordable, small and easy, not
 * condition New, and a farm car is a bakkie or a 4x4 first, not only bakkies. Read before any other word, so
 * 'new driver' never reaches the condition words and 'cheap to run' never the price words.
 */
export const INTENT_WORDS: Readonly<Record<string, readonly SoftPreference[]>> = intentTable([
  [
    [
      'first car',
      'first cars',
      // A first-time buyer is, in this market, nearly always buying a first car.
      'first time driver',
      'first time drivers',
      'first time buyer',
      'first time buyers',
      'first timer',
      'new driver',
      'new drivers',
      'new to driving',
      'beginner',
      'beginners',
      'beginner driver',
      'learner',
      'learner driver',
      'learners',
      'young driver',
      'student',
      'students',
      'newly licensed',
      'just got my licence',
      'just got my license',
    ],
    FIRST_CAR_PREFERENCES,
  ],
  [
    [
      'cheap to run',
      'cheap to maintain',
      'cheap to keep',
      'affordable to run',
      'inexpensive to run',
      'economical to run',
      'low running costs',
      'low running cost',
      'low maintenance',
    ],
    ['fuel-efficient', 'reliable'],
  ],
  [
    [
      'long trips',
      'long trip',
      'long distance',
      'long distances',
      'long drives',
      'long journeys',
      'road trip',
      'road trips',
      'highway driving',
    ],
    ['long-trips'],
  ],
  [
    [
      'farm',
      'farms',
      'the farm',
      'farm work',
      'farmer',
      'farming',
      'gravel roads',
      'gravel road',
      'dirt roads',
      'dirt road',
      'towing',
    ],
    ['rugged'],
  ],
  [
    [
      'uber',
      'bolt',
      'indrive',
      'taxify',
      'e hailing',
      'ehailing',
      'ride hailing',
      'ride sharing',
      'rideshare',
      'taxi',
    ],
    ['ride-hailing'],
  ],
]);

/** Words after a number that count people or seats ('7 seater', 'six people', '5 of us'). */
export const SEAT_WORDS = ['seater', 'seaters', 'seats', 'seat', 'people', 'passengers', 'persons', 'of us'];

/** Words before a bare head count ('we are 8'; "we're five" loses its apostrophe). */
export const HEAD_COUNT_WORDS = ['we are', 'were'];

/**
 * Seats asked for, from the number of people: the smallest seat count cars come with that holds them all
 * (2, 4, 5, 7 or 8; a family of three needs a four-seater, six people a seven-seater). Above eight the count
 * stays as said: a minibus is listed with its own number of seats.
 */
export function seatsFor(people: number): number {
  return SEAT_FILTER_STEPS.find((seats) => seats >= people) ?? people;
}

/** 'Low mileage' becomes a hard cap at the lowest of SPEC 9's preference caps, shown as an editable chip. */
export const LOW_MILEAGE_WORDS = [
  'low mileage',
  'low km',
  'low kms',
  'low kilometres',
  'low kilometers',
  'low miles',
];
export const LOW_MILEAGE_CAP = 50_000;

/** Nicknames and short forms of makes; the value is the make's catalogue name. */
export const MAKE_ALIASES: Readonly<Record<string, string>> = {
  merc: 'Mercedes-Benz',
  mercs: 'Mercedes-Benz',
  mercedes: 'Mercedes-Benz',
  benz: 'Mercedes-Benz',
  'mercedes benz': 'Mercedes-Benz',
  beemer: 'BMW',
  beamer: 'BMW',
  bimmer: 'BMW',
  beemers: 'BMW',
  bimmers: 'BMW',
  vw: 'Volkswagen',
  volksie: 'Volkswagen',
  chevy: 'Chevrolet',
  lambo: 'Lamborghini',
  alfa: 'Alfa Romeo',
  landy: 'Land Rover',
  'range rover': 'Range Rover',
  rangie: 'Range Rover',
  vauxhall: 'Opel',
};

/** Words that carry no filter: they never become 'unmatched' words or fuzzy-match a make. */
export const STOP_WORDS = new Set(
  `a an the i im me my we our us you your want wants wanted need needs looking look search searching find show
  get give buy buying purchase for with without and or in on of to at by from is are be it its that this these those
  which what who some any please car cars vehicle vehicles ride rides motor motors one ones something anything
  good nice great decent cool proper really very just only also like would could should can will
  price priced pricing cost costs costing sale selling sell available stock near around about approximately
  roughly circa model models make makes type kind year years old km kms kilometres kilometers mileage miles
  than less more between budget max min maximum minimum least most up under over below above within
  range ranging spend spending afford have has having with do does what how much best condition there here
  is any got sell selling seller`
    .split(/\s+/)
    .filter(Boolean),
);

/** Money prefixes: lilangeni (E, SZL), rand (R, ZAR) and dollars. */
export const CURRENCY_WORDS = new Set([
  'e',
  'r',
  'szl',
  'zar',
  'usd',
  '$',
  'emalangeni',
  'lilangeni',
  'rand',
]);

/**
 * Model codes people type instead of model names: a BMW 320d is a 3 Series, a Mercedes C200 a C-Class. The
 * reader takes the first model name that the make's catalogue has.
 */
export const MODEL_CODES: readonly {
  make: string;
  pattern: RegExp;
  models: (match: RegExpExecArray) => string[];
}[] = [
  { make: 'BMW', pattern: /^([1-8])(\d{2})([a-z]{1,2})$/, models: (m) => [`${m[1]} Series`] },
  {
    make: 'Mercedes-Benz',
    pattern: /^(a|b|c|e|s|g|cla|cle|gla|glb|glc|gle|gls)(\d{2,3})([a-z]{0,2})$/,
    models: (m) => [`${m[1]!.toUpperCase()}-Class`, m[1]!.toUpperCase()],
  },
];

export const NUMBER_WORDS: Readonly<Record<string, number>> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  fifteen: 15,
  twenty: 20,
};
