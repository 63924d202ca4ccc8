import {
  CAR_MAKES,
  CONDITIONS,
  DEFAULT_BUSINESS_HOURS,
  EXTERIOR_COLOUR_OPTIONS,
  INTERIOR_COLOUR_OPTIONS,
  SELECTABLE_FEATURES,
  type Condition,
  type FuelType,
  type Transmission,
  fairPrice,
  modelSpec,
  modelYears,
  PRICE_SPREAD,
  type ModelSpec,
} from '@autoreel/core';
import type { cars, dealerApplications, dealerReviews, dealers, users } from '../db/schema/index.ts';
import { buildDemoAudience, type DemoAudience } from './demo-audience.ts';
import { Prng } from './prng.ts';

/** Demo customers who only like, view, share and comment, so popular cars can have a hundred likes. */
const AUDIENCE_SIZE = 160;
const FIRST_NAMES = [
  'Sipho',
  'Nokwanda',
  'Thabo',
  'Lerato',
  'Siyabonga',
  'Zinhle',
  'Mandla',
  'Ntombi',
  'Kabelo',
  'Palesa',
  'Vusi',
  'Lindelwa',
  'Jason',
  'Chantel',
  'Ruan',
  'Naledi',
  'Bheki',
  'Khanyisile',
  'Ethan',
  'Amahle',
] as const;
const LAST_NAMES = [
  'Dlamini',
  'Nxumalo',
  'Mahlangu',
  'Ngcamphalala',
  'Smith',
  'Naidoo',
  'Mkhabela',
  'Botha',
] as const;

/** The password of every demo account (API-CONTRACT, demo accounts). */
export const DEMO_PASSWORD = 'demo-pass-2026';
export const DEMO_SEED = 20_260_401;
/** About 12% of the demo is reserved or sold, so 600 cars leave more than the 500 that browse promises. */
export const DEMO_CAR_COUNT = 600;

export const DEMO_ACCOUNTS = {
  admin: { phone: '+26876000001', name: 'AutoReel Admin', role: 'admin' },
  dealer: { phone: '+26876000002', name: 'Sipho Dlamini', role: 'dealer' },
  customer: { phone: '+26876000003', name: 'Nomsa Simelane', role: 'customer' },
  privateSeller: { phone: '+26876000004', name: 'Thandeka Mamba', role: 'customer' },
} as const;

type UserRow = typeof users.$inferInsert & { id: string };
type DealerRow = typeof dealers.$inferInsert & { id: string };
type ApplicationRow = typeof dealerApplications.$inferInsert;
type ReviewRow = typeof dealerReviews.$inferInsert;
export type DemoCar = typeof cars.$inferInsert & { id: string; exteriorColor: string };

export interface DemoCatalogue extends DemoAudience {
  users: UserRow[];
  dealers: DealerRow[];
  applications: ApplicationRow[];
  reviews: ReviewRow[];
  cars: DemoCar[];
}

const DEALERSHIPS = [
  {
    name: 'Mbabane Motor City',
    location: 'Mbabane, Eswatini',
    owner: DEMO_ACCOUNTS.dealer.name,
    phone: DEMO_ACCOUNTS.dealer.phone,
  },
  { name: 'Manzini Auto Hub', location: 'Manzini, Eswatini', owner: 'Bheki Nxumalo', phone: '+26878000101' },
  { name: 'Matsapha Car Mart', location: 'Matsapha, Eswatini', owner: 'Zanele Dube', phone: '+26878000102' },
  {
    name: 'Ezulwini Premium Cars',
    location: 'Ezulwini, Eswatini',
    owner: 'Mandla Hlophe',
    phone: '+26878000103',
  },
  {
    name: 'Nhlangano Motors',
    location: 'Nhlangano, Eswatini',
    owner: 'Lungile Shongwe',
    phone: '+26878000104',
  },
  {
    name: 'Piggs Peak Auto',
    location: 'Piggs Peak, Eswatini',
    owner: 'Musa Magagula',
    phone: '+26878000105',
  },
  {
    name: 'Siteki 4x4 Centre',
    location: 'Siteki, Eswatini',
    owner: 'Nokuthula Ndlovu',
    phone: '+26878000106',
  },
  {
    name: 'Lowveld Auto Traders',
    location: 'Mbombela, South Africa',
    owner: 'Pieter van Wyk',
    phone: '+27825550107',
  },
  {
    name: 'Sandton Prestige Motors',
    location: 'Johannesburg, South Africa',
    owner: 'Aisha Patel',
    phone: '+27825550108',
  },
  {
    name: 'Pretoria East Cars',
    location: 'Pretoria, South Africa',
    owner: 'Johan Botha',
    phone: '+27825550109',
  },
  {
    name: 'Durban Coastal Autos',
    location: 'Durban, South Africa',
    owner: 'Sibusiso Zulu',
    phone: '+27825550110',
  },
  {
    name: 'Cape Town Car Gallery',
    location: 'Cape Town, South Africa',
    owner: 'Megan Jacobs',
    phone: '+27825550111',
  },
] as const;

const PRIVATE_SELLERS = [
  {
    name: DEMO_ACCOUNTS.privateSeller.name,
    phone: DEMO_ACCOUNTS.privateSeller.phone,
    location: 'Mbabane, Eswatini',
  },
  { name: 'Bongani Nkosi', phone: '+26879000201', location: 'Manzini, Eswatini' },
  { name: 'Lindiwe Khumalo', phone: '+27725550202', location: 'Mbombela, South Africa' },
] as const;

const REVIEWER_NAMES = [
  'Ayanda Mthethwa',
  'Themba Gama',
  'Precious Motsa',
  'Lwazi Fakudze',
  'Nandi Mabuza',
  'Sabelo Kunene',
  'Phumzile Vilakati',
  'Kagiso Molefe',
  'Refilwe Mokoena',
  'Tebogo Sithole',
  'Busisiwe Tsabedze',
  'Jabulani Masilela',
  'Hlengiwe Mavuso',
  'Sandile Zwane',
  'Fikile Msibi',
  'Mpho Ramaphosa',
  'Zodwa Ginindza',
  'Andile Matsebula',
] as const;

const REVIEW_TEXTS: Readonly<Record<number, readonly string[]>> = {
  5: [
    'Excellent service from start to finish.',
    "Honest about the car's history, smooth paperwork.",
    'Best dealer I have bought from.',
  ],
  4: [
    'Good selection and fair prices.',
    'Helpful staff, the car was as described.',
    'Quick finance approval, friendly team.',
  ],
  3: ['Decent, but the handover took a while.', 'Car was fine; communication could be better.'],
  2: ['The car needed more work than advertised.'],
  1: ['Not a good experience.'],
};

/** Brands whose first new car in the demo is their dearest model's top trim, so prices reach the top of the range. */
const FLAGSHIP_MAKES = new Set(['Porsche', 'Range Rover', 'Mercedes-Benz', 'Audi', 'BMW']);
/** The catalogue's cheapest price (API-CONTRACT): an older car that would sell below it is listed a year newer. */
const FLOOR_PRICE = 80_000;

/** How often each make turns up after the first pass over all 31: what sells in Southern Africa. */
const MAKE_WEIGHT: Readonly<Record<string, number>> = {
  Toyota: 6,
  Volkswagen: 4,
  Ford: 4,
  Nissan: 3,
  Hyundai: 3,
  Kia: 3,
  Isuzu: 3,
  Suzuki: 3,
  BMW: 3,
  'Mercedes-Benz': 3,
  Audi: 2,
  Honda: 2,
  Mazda: 2,
  Haval: 2,
  Chery: 2,
  Renault: 2,
};

/** A fuel the model was sold with: petrol and diesel mostly, a hybrid or electric version less often. */
function fuelFor(rng: Prng, entry: ModelSpec, make: string): FuelType {
  const share: Readonly<Record<FuelType, number>> = {
    Petrol: 60,
    Diesel: entry.bodyType === 'Truck' ? 120 : 25,
    Hybrid: make === 'Toyota' || make === 'Lexus' ? 35 : 12,
    Electric: 10,
  };
  return rng.weighted(entry.fuels.map((fuel) => [fuel, share[fuel]] as const));
}

function transmissionFor(rng: Prng, entry: ModelSpec, make: string, fuel: FuelType): Transmission {
  if (fuel === 'Electric' || fuel === 'Hybrid' || entry.transmissions.length === 1) {
    return entry.transmissions.includes('Automatic') ? 'Automatic' : entry.transmissions[0]!;
  }
  return rng.chance(FLAGSHIP_MAKES.has(make) ? 0.9 : 0.6) ? 'Automatic' : 'Manual';
}

function roundTo(value: number, step: number): number {
  return Math.round(value / step) * step;
}

/**
 * The demo catalogue as plain rows: 4 demo accounts, 12 approved dealers, 3 private sellers, reviewers, and
 * DEMO_CAR_COUNT cars covering every make, body type, fuel, transmission and condition. Pure and deterministic:
 * the same seed gives the same rows (ids included); only timestamps follow `now`.
 */
export function buildDemoCatalogue(passwordHash: string, now: Date, seed = DEMO_SEED): DemoCatalogue {
  const rng = new Prng(seed);
  const currentYear = now.getUTCFullYear();
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
  const user = (name: string, phone: string, role: string, extra: Partial<UserRow> = {}): UserRow => ({
    id: rng.uuid(),
    name,
    phone,
    role,
    passwordHash,
    isPhoneVerified: true,
    email: `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@autoreel.example`,
    createdAt: daysAgo(400),
    updatedAt: daysAgo(400),
    ...extra,
  });

  const admin = user(DEMO_ACCOUNTS.admin.name, DEMO_ACCOUNTS.admin.phone, 'admin');
  const customer = user(DEMO_ACCOUNTS.customer.name, DEMO_ACCOUNTS.customer.phone, 'customer');
  const owners = DEALERSHIPS.map((d) => user(d.owner, d.phone, 'dealer'));
  const privates = PRIVATE_SELLERS.map((p) => user(p.name, p.phone, 'customer', { isPrivateSeller: true }));
  // The people who like, view, share and comment: first and last names combined, each once.
  const audience = Array.from({ length: AUDIENCE_SIZE }, (_, i) => {
    const name = `${FIRST_NAMES[i % FIRST_NAMES.length]!} ${LAST_NAMES[Math.floor(i / FIRST_NAMES.length) % LAST_NAMES.length]!}`;
    return user(name, `+2687910${String(i).padStart(4, '0')}`, 'customer', {
      email: `${name.toLowerCase().replace(/[^a-z]+/g, '.')}.${i}@autoreel.example`,
    });
  });
  const reviewers = REVIEWER_NAMES.map((name, i) =>
    user(name, `+2687900${String(301 + i).padStart(4, '0')}`, 'customer'),
  );

  const dealerRows: DealerRow[] = DEALERSHIPS.map((d, i) => ({
    id: rng.uuid(),
    userId: owners[i]!.id,
    name: d.name,
    email: `sales@${d.name.toLowerCase().replace(/[^a-z0-9]+/g, '')}.example`,
    phone: d.phone,
    location: d.location,
    businessLicense: `${d.location.endsWith('Eswatini') ? 'SZ' : 'ZA'}-DL-${String(rng.int(10_000, 99_999))}`,
    businessHours: { ...DEFAULT_BUSINESS_HOURS },
    isVerified: true,
    rating: 0,
    reviewCount: 0,
    createdAt: daysAgo(380 - i * 7),
    updatedAt: daysAgo(380 - i * 7),
  }));

  const applications: ApplicationRow[] = [
    ...DEALERSHIPS.map((d, i) => ({
      userId: owners[i]!.id,
      businessName: d.name,
      businessType: 'dealer',
      location: d.location,
      status: 'approved',
      reviewedBy: admin.id,
      reviewedAt: daysAgo(379 - i * 7),
      createdAt: daysAgo(381 - i * 7),
      updatedAt: daysAgo(379 - i * 7),
    })),
    ...PRIVATE_SELLERS.map((p, i) => ({
      userId: privates[i]!.id,
      businessName: null,
      businessType: 'private',
      location: p.location,
      status: 'approved',
      reviewedBy: admin.id,
      reviewedAt: daysAgo(200 - i * 10),
      createdAt: daysAgo(200 - i * 10),
      updatedAt: daysAgo(200 - i * 10),
    })),
  ];

  // Reviews are real rows, so each dealer's rating and count agree with what its reviews page lists.
  const reviews: ReviewRow[] = [];
  for (const dealer of dealerRows) {
    const authors = rng.sample(reviewers, rng.int(3, reviewers.length));
    let sum = 0;
    for (const author of authors) {
      const rating = rng.weighted([
        [5, 50],
        [4, 32],
        [3, 10],
        [2, 5],
        [1, 3],
      ] as const);
      sum += rating;
      const at = daysAgo(rng.int(1, 360));
      reviews.push({
        dealerId: dealer.id,
        userId: author.id,
        rating,
        comment: rng.pick(REVIEW_TEXTS[rating] ?? ['']),
        createdAt: at,
        updatedAt: at,
      });
    }
    dealer.reviewCount = authors.length;
    dealer.rating = Math.round((sum / authors.length) * 100) / 100;
  }

  const sellers = [
    // The demo dealer gets the largest share, so its dashboard has a real inventory to manage.
    ...dealerRows.map((dealer, i) => ({
      weight: i === 0 ? 3 : 1,
      sellerId: dealer.userId,
      dealerId: dealer.id,
      sellerType: 'dealer',
      location: dealer.location,
    })),
    ...privates.map((p, i) => ({
      weight: 0.5,
      sellerId: p.id,
      dealerId: null,
      sellerType: 'private',
      location: PRIVATE_SELLERS[i]!.location,
    })),
  ];
  const makeWeights = CAR_MAKES.map((make) => [make, MAKE_WEIGHT[make.name] ?? 1] as const);

  const carRows: DemoCar[] = [];
  /** Luxury brands whose first new car was already listed at the top of the brand's band (its flagship). */
  const flagshipListed = new Set<string>();
  for (let i = 0; i < DEMO_CAR_COUNT; i += 1) {
    // First one car per make, then by popularity: every make is present whatever the count.
    const make = i < CAR_MAKES.length ? CAR_MAKES[i]! : rng.weighted(makeWeights);
    const seller =
      i < sellers.length ? sellers[i]! : rng.weighted(sellers.map((s) => [s, s.weight] as const));
    const market = seller.location.endsWith('South Africa') ? 'ZA' : 'SZ';
    let condition: Condition =
      // Private sellers sell used cars; the first three cars pin every condition down.
      seller.sellerType === 'private'
        ? 'Used'
        : i < CONDITIONS.length
          ? CONDITIONS[i]!
          : rng.weighted([
              ['Used', 62],
              ['New', 20],
              ['Certified Pre-Owned', 18],
            ] as const);
    const flagship = condition === 'New' && FLAGSHIP_MAKES.has(make.name) && !flagshipListed.has(make.name);
    const entries = make.models.map((model) => modelSpec(make.name, model.name)!);
    // Used years whose typical car still sells above the catalogue's floor price.
    const usedYears = (entry: ModelSpec, from: number) =>
      modelYears(entry, currentYear, from).filter(
        (y) =>
          y < currentYear &&
          fairPrice(
            entry,
            { year: y, mileage: 15_000 * (currentYear - y), condition, market },
            currentYear,
            0.5,
          ) >=
            FLOOR_PRICE * 1.15,
      );
    // Only what exists: a new car is a model still sold, a certified one at most five years old.
    const fits = (entry: ModelSpec) =>
      condition === 'New'
        ? entry.toYear === null && entry.fromYear <= currentYear
        : usedYears(entry, condition === 'Certified Pre-Owned' ? currentYear - 5 : 2008).length > 0;
    let candidates = entries.filter(fits);
    if (candidates.length === 0) {
      condition = 'Used';
      candidates = entries.filter(fits);
    }
    const entry = flagship
      ? candidates.reduce((top, e) => (e.newPrice[market][1] > top.newPrice[market][1] ? e : top))
      : rng.pick(candidates);
    if (flagship) flagshipListed.add(make.name);
    const fuelType = fuelFor(rng, entry, make.name);
    const transmission = transmissionFor(rng, entry, make.name, fuelType);

    let year: number;
    let mileage: number;
    const mileageFor = (age: number) =>
      Math.min(250_000, roundTo(age * rng.int(9_000, 22_000) + rng.int(1_000, 8_000), 100));
    if (condition === 'New') {
      year = rng.chance(0.75) || entry.fromYear === currentYear ? currentYear : currentYear - 1;
      mileage = rng.int(0, 99);
    } else {
      year = rng.pick(usedYears(entry, condition === 'Used' ? 2008 : currentYear - 5));
      const age = currentYear - year;
      mileage =
        condition === 'Certified Pre-Owned'
          ? roundTo(Math.min(120_000, age * rng.int(8_000, 18_000) + rng.int(500, 4_000)), 100)
          : mileageFor(age);
    }

    // Priced from the model's new price by age, mileage and condition, at a trim position and a little spread.
    const position = flagship ? 1 : rng.next();
    const spread = flagship ? 0 : (rng.next() * 2 - 1) * PRICE_SPREAD * 0.8;
    const priceOf = (y: number, km: number) =>
      roundTo(
        fairPrice(entry, { year: y, mileage: km, condition, market }, currentYear, position) * (1 + spread),
        500,
      );
    let price = priceOf(year, mileage);
    // An old car that would sell under the catalogue's floor is listed a year newer, with that year's mileage.
    while (price < FLOOR_PRICE && year < Math.min(entry.toYear ?? currentYear, currentYear) - 1) {
      year += 1;
      mileage = Math.min(mileage, mileageFor(currentYear - year));
      price = priceOf(year, mileage);
    }
    price = Math.min(3_500_000, price);
    const model = { name: entry.model, bodyType: entry.bodyType };

    const exterior = rng.pick(EXTERIOR_COLOUR_OPTIONS).name;
    const interior = rng.pick(INTERIOR_COLOUR_OPTIONS).name;
    const features = rng.sample(SELECTABLE_FEATURES, rng.int(3, 8));
    const status = rng.weighted([
      ['active', 88],
      ['reserved', 6],
      ['sold', 6],
    ] as const);
    const created = daysAgo(rng.int(0, 120) + rng.next());
    const conditionText =
      condition === 'New'
        ? 'Brand new with full manufacturer warranty'
        : condition === 'Certified Pre-Owned'
          ? 'Certified pre-owned: inspected, serviced and sold with a warranty'
          : rng.pick([
              'One careful owner',
              'Full service history',
              'Well maintained and ready to drive',
              'Recently serviced, new tyres',
            ]);
    carRows.push({
      id: rng.uuid(),
      sellerId: seller.sellerId,
      dealerId: seller.dealerId,
      sellerType: seller.sellerType,
      make: make.name,
      model: model.name,
      year,
      mileage,
      seats: entry.seats,
      fuelType,
      transmission,
      bodyType: model.bodyType,
      color: exterior,
      exteriorColor: exterior,
      interiorColor: interior,
      condition,
      features,
      description:
        `${year} ${make.name} ${model.name} in ${exterior.toLowerCase()} with a ${interior.toLowerCase()} interior. ` +
        `${conditionText}. ${mileage.toLocaleString('en-US')} km, ${fuelType.toLowerCase()}, ${transmission.toLowerCase()}. ` +
        `Features include ${features.slice(0, 3).join(', ').toLowerCase()}. Viewing in ${seller.location.split(',')[0]}.`,
      price,
      currency: 'SZL',
      countryCode: market,
      status,
      createdAt: created,
      updatedAt: created,
    });
  }

  const social = buildDemoAudience(
    carRows.map((car) => ({
      id: car.id,
      sellerId: car.sellerId,
      make: car.make,
      model: car.model,
      year: car.year,
      mileage: car.mileage,
      fuelType: car.fuelType,
      transmission: car.transmission,
      status: car.status,
      location: car.description.match(/Viewing in ([^.]+)\./)?.[1] ?? 'Mbabane',
      createdAt: car.createdAt as Date,
    })),
    [...audience, ...reviewers, customer].map((u) => u.id),
    now,
    seed ^ 0xa0d1,
  );

  return {
    ...social,
    users: [admin, owners[0]!, customer, ...owners.slice(1), ...privates, ...reviewers, ...audience],
    dealers: dealerRows,
    applications,
    reviews,
    cars: carRows,
  };
}
