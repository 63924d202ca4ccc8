import type { BodyType } from './car-options.ts';

/**
 * SPEC 3 and 9: 31 makes with their model lists. The first 12 are the filter panel's makes in its order,
 * because the wizard shows 'popular brands' as the first 12 makes. The rest are the makes most sold in
 * Southern Africa. Model lists are current or recent line-ups (what turns up on a used-car lot in the last
 * few years); each model carries its typical body type, which the demo seed and search use.
 */

export interface CarModel {
  readonly name: string;
  readonly bodyType: BodyType;
}

export interface CarMake {
  readonly name: string;
  /** Other spellings buyers type ('vw', 'merc'), all lower case. */
  readonly aliases: readonly string[];
  readonly models: readonly CarModel[];
}

const m = (name: string, bodyType: BodyType): CarModel => ({ name, bodyType });

export const CAR_MAKES: readonly CarMake[] = [
  {
    name: 'BMW',
    aliases: ['beemer', 'bimmer'],
    models: [
      m('1 Series', 'Hatchback'),
      m('2 Series Coupe', 'Coupe'),
      m('2 Series Gran Coupe', 'Sedan'),
      m('3 Series', 'Sedan'),
      m('3 Series Touring', 'Wagon'),
      m('4 Series Coupe', 'Coupe'),
      m('4 Series Convertible', 'Convertible'),
      m('5 Series', 'Sedan'),
      m('7 Series', 'Sedan'),
      m('i4', 'Sedan'),
      m('i7', 'Sedan'),
      m('X1', 'SUV'),
      m('X3', 'SUV'),
      m('X5', 'SUV'),
      m('X6', 'SUV'),
      m('X7', 'SUV'),
      m('iX', 'SUV'),
      m('iX3', 'SUV'),
      m('M3', 'Sedan'),
      m('M4', 'Coupe'),
      m('Z4', 'Convertible'),
    ],
  },
  {
    name: 'Mercedes-Benz',
    aliases: ['mercedes', 'merc', 'benz', 'mercedes benz'],
    models: [
      m('A-Class', 'Hatchback'),
      m('A-Class Sedan', 'Sedan'),
      m('C-Class', 'Sedan'),
      m('C-Class Estate', 'Wagon'),
      m('CLA', 'Sedan'),
      m('CLE Coupe', 'Coupe'),
      m('CLE Cabriolet', 'Convertible'),
      m('E-Class', 'Sedan'),
      m('S-Class', 'Sedan'),
      m('EQE', 'Sedan'),
      m('EQS', 'Sedan'),
      m('GLA', 'SUV'),
      m('GLB', 'SUV'),
      m('GLC', 'SUV'),
      m('GLC Coupe', 'SUV'),
      m('GLE', 'SUV'),
      m('GLS', 'SUV'),
      m('G-Class', 'SUV'),
      m('SL', 'Convertible'),
      m('AMG GT', 'Coupe'),
    ],
  },
  {
    name: 'Audi',
    aliases: [],
    models: [
      m('A1 Sportback', 'Hatchback'),
      m('A3 Sportback', 'Hatchback'),
      m('A3 Sedan', 'Sedan'),
      m('A4', 'Sedan'),
      m('A5', 'Sedan'),
      m('A5 Avant', 'Wagon'),
      m('A6', 'Sedan'),
      m('A6 Avant', 'Wagon'),
      m('A8', 'Sedan'),
      m('Q2', 'SUV'),
      m('Q3', 'SUV'),
      m('Q4 e-tron', 'SUV'),
      m('Q5', 'SUV'),
      m('Q7', 'SUV'),
      m('Q8', 'SUV'),
      m('Q8 e-tron', 'SUV'),
      m('e-tron GT', 'Sedan'),
      m('RS 3', 'Hatchback'),
      m('RS 6 Avant', 'Wagon'),
    ],
  },
  {
    name: 'Tesla',
    aliases: [],
    models: [
      m('Model 3', 'Sedan'),
      m('Model Y', 'SUV'),
      m('Model S', 'Sedan'),
      m('Model X', 'SUV'),
      m('Cybertruck', 'Truck'),
    ],
  },
  {
    name: 'Porsche',
    aliases: [],
    models: [
      m('911', 'Coupe'),
      m('911 Cabriolet', 'Convertible'),
      m('718 Cayman', 'Coupe'),
      m('718 Boxster', 'Convertible'),
      m('Panamera', 'Sedan'),
      m('Taycan', 'Sedan'),
      m('Taycan Cross Turismo', 'Wagon'),
      m('Macan', 'SUV'),
      m('Cayenne', 'SUV'),
      m('Cayenne Coupe', 'SUV'),
    ],
  },
  {
    name: 'Range Rover',
    aliases: ['rangerover'],
    models: [
      m('Range Rover', 'SUV'),
      m('Range Rover Sport', 'SUV'),
      m('Range Rover Velar', 'SUV'),
      m('Range Rover Evoque', 'SUV'),
    ],
  },
  {
    name: 'Lexus',
    aliases: [],
    models: [
      m('IS', 'Sedan'),
      m('ES', 'Sedan'),
      m('LS', 'Sedan'),
      m('LC', 'Coupe'),
      m('LC Convertible', 'Convertible'),
      m('LBX', 'SUV'),
      m('UX', 'SUV'),
      m('NX', 'SUV'),
      m('RX', 'SUV'),
      m('GX', 'SUV'),
      m('LX', 'SUV'),
    ],
  },
  {
    name: 'Jaguar',
    aliases: ['jag'],
    models: [
      m('XE', 'Sedan'),
      m('XF', 'Sedan'),
      m('F-Type', 'Coupe'),
      m('F-Type Convertible', 'Convertible'),
      m('E-Pace', 'SUV'),
      m('F-Pace', 'SUV'),
      m('I-Pace', 'SUV'),
    ],
  },
  {
    name: 'Volvo',
    aliases: [],
    models: [
      m('S60', 'Sedan'),
      m('S90', 'Sedan'),
      m('V60', 'Wagon'),
      m('V60 Cross Country', 'Wagon'),
      m('V90 Cross Country', 'Wagon'),
      m('EX30', 'SUV'),
      m('XC40', 'SUV'),
      m('EX40', 'SUV'),
      m('XC60', 'SUV'),
      m('XC90', 'SUV'),
      m('EX90', 'SUV'),
    ],
  },
  {
    name: 'Cadillac',
    aliases: ['caddy'],
    models: [
      m('CT4', 'Sedan'),
      m('CT5', 'Sedan'),
      m('XT4', 'SUV'),
      m('XT5', 'SUV'),
      m('XT6', 'SUV'),
      m('Lyriq', 'SUV'),
      m('Escalade', 'SUV'),
    ],
  },
  {
    name: 'Toyota',
    aliases: [],
    models: [
      m('Vitz', 'Hatchback'),
      m('Starlet', 'Hatchback'),
      m('Yaris', 'Hatchback'),
      m('Corolla', 'Sedan'),
      m('Corolla Hatch', 'Hatchback'),
      m('Corolla Cross', 'SUV'),
      m('Camry', 'Sedan'),
      m('Urban Cruiser', 'SUV'),
      m('RAV4', 'SUV'),
      m('Fortuner', 'SUV'),
      m('Land Cruiser Prado', 'SUV'),
      m('Land Cruiser 300', 'SUV'),
      m('Land Cruiser 79', 'Truck'),
      m('Hilux', 'Truck'),
      m('GR86', 'Coupe'),
      m('GR Supra', 'Coupe'),
    ],
  },
  {
    name: 'Honda',
    aliases: [],
    models: [
      m('Fit', 'Hatchback'),
      m('Amaze', 'Sedan'),
      m('City', 'Sedan'),
      m('Civic', 'Sedan'),
      m('Civic Type R', 'Hatchback'),
      m('Accord', 'Sedan'),
      m('BR-V', 'SUV'),
      m('HR-V', 'SUV'),
      m('ZR-V', 'SUV'),
      m('CR-V', 'SUV'),
    ],
  },
  {
    name: 'Volkswagen',
    aliases: ['vw', 'volksie'],
    models: [
      m('Polo Vivo', 'Hatchback'),
      m('Polo', 'Hatchback'),
      m('Polo GTI', 'Hatchback'),
      m('Golf', 'Hatchback'),
      m('Golf GTI', 'Hatchback'),
      m('Golf R', 'Hatchback'),
      m('Jetta', 'Sedan'),
      m('Passat', 'Wagon'),
      m('T-Cross', 'SUV'),
      m('T-Roc', 'SUV'),
      m('Tiguan', 'SUV'),
      m('Tiguan Allspace', 'SUV'),
      m('Touareg', 'SUV'),
      m('ID.4', 'SUV'),
      m('Amarok', 'Truck'),
    ],
  },
  {
    name: 'Ford',
    aliases: [],
    models: [
      m('Ranger', 'Truck'),
      m('Ranger Raptor', 'Truck'),
      m('Ranger PHEV', 'Truck'),
      m('F-150', 'Truck'),
      m('Everest', 'SUV'),
      m('Territory', 'SUV'),
      m('Puma', 'SUV'),
      m('Kuga', 'SUV'),
      m('Bronco', 'SUV'),
      m('Mustang Mach-E', 'SUV'),
      m('Mustang', 'Coupe'),
      m('Mustang Convertible', 'Convertible'),
    ],
  },
  {
    name: 'Nissan',
    aliases: [],
    models: [
      m('Almera', 'Sedan'),
      m('Leaf', 'Hatchback'),
      m('Magnite', 'SUV'),
      m('Kicks', 'SUV'),
      m('Qashqai', 'SUV'),
      m('X-Trail', 'SUV'),
      m('Patrol', 'SUV'),
      m('Navara', 'Truck'),
      m('Z', 'Coupe'),
    ],
  },
  {
    name: 'Hyundai',
    aliases: [],
    models: [
      m('Grand i10', 'Hatchback'),
      m('i20', 'Hatchback'),
      m('i20 N', 'Hatchback'),
      m('Elantra', 'Sedan'),
      m('Venue', 'SUV'),
      m('Creta', 'SUV'),
      m('Tucson', 'SUV'),
      m('Santa Fe', 'SUV'),
      m('Palisade', 'SUV'),
      m('Ioniq 5', 'SUV'),
      m('Ioniq 6', 'Sedan'),
    ],
  },
  {
    name: 'Kia',
    aliases: [],
    models: [
      m('Picanto', 'Hatchback'),
      m('Rio', 'Hatchback'),
      m('Pegas', 'Sedan'),
      m('K5', 'Sedan'),
      m('Sonet', 'SUV'),
      m('Seltos', 'SUV'),
      m('Sportage', 'SUV'),
      m('Sorento', 'SUV'),
      m('EV6', 'SUV'),
      m('EV9', 'SUV'),
    ],
  },
  {
    name: 'Mazda',
    aliases: [],
    models: [
      m('Mazda2', 'Hatchback'),
      m('Mazda3 Hatch', 'Hatchback'),
      m('Mazda3 Sedan', 'Sedan'),
      m('CX-3', 'SUV'),
      m('CX-30', 'SUV'),
      m('CX-5', 'SUV'),
      m('CX-60', 'SUV'),
      m('CX-90', 'SUV'),
      m('MX-5', 'Convertible'),
      m('BT-50', 'Truck'),
    ],
  },
  {
    name: 'Isuzu',
    aliases: [],
    models: [
      m('D-Max Single Cab', 'Truck'),
      m('D-Max Extended Cab', 'Truck'),
      m('D-Max Double Cab', 'Truck'),
      m('D-Max V-Cross', 'Truck'),
      m('D-Max Arctic Trucks AT35', 'Truck'),
      m('MU-X', 'SUV'),
    ],
  },
  {
    name: 'Mitsubishi',
    aliases: [],
    models: [
      m('Mirage', 'Hatchback'),
      m('Attrage', 'Sedan'),
      m('ASX', 'SUV'),
      m('Eclipse Cross', 'SUV'),
      m('Outlander', 'SUV'),
      m('Pajero Sport', 'SUV'),
      m('Triton', 'Truck'),
    ],
  },
  {
    name: 'Suzuki',
    aliases: [],
    models: [
      m('Celerio', 'Hatchback'),
      m('S-Presso', 'Hatchback'),
      m('Swift', 'Hatchback'),
      m('Baleno', 'Hatchback'),
      m('Dzire', 'Sedan'),
      m('Ciaz', 'Sedan'),
      m('Fronx', 'SUV'),
      m('Brezza', 'SUV'),
      m('Grand Vitara', 'SUV'),
      m('Jimny', 'SUV'),
    ],
  },
  {
    name: 'Renault',
    aliases: [],
    models: [
      m('Kwid', 'Hatchback'),
      m('Clio', 'Hatchback'),
      m('Kiger', 'SUV'),
      m('Captur', 'SUV'),
      m('Duster', 'SUV'),
      m('Koleos', 'SUV'),
    ],
  },
  {
    name: 'Peugeot',
    aliases: [],
    models: [
      m('208', 'Hatchback'),
      m('308', 'Hatchback'),
      m('408', 'Sedan'),
      m('2008', 'SUV'),
      m('3008', 'SUV'),
      m('5008', 'SUV'),
      m('Landtrek', 'Truck'),
    ],
  },
  {
    name: 'Chevrolet',
    aliases: ['chevy'],
    models: [
      m('Trailblazer', 'SUV'),
      m('Captiva', 'SUV'),
      m('Equinox', 'SUV'),
      m('Tahoe', 'SUV'),
      m('Colorado', 'Truck'),
      m('Silverado', 'Truck'),
      m('Camaro', 'Coupe'),
      m('Corvette', 'Coupe'),
    ],
  },
  {
    name: 'Jeep',
    aliases: [],
    models: [
      m('Avenger', 'SUV'),
      m('Renegade', 'SUV'),
      m('Compass', 'SUV'),
      m('Cherokee', 'SUV'),
      m('Grand Cherokee', 'SUV'),
      m('Wrangler', 'SUV'),
      m('Gladiator', 'Truck'),
    ],
  },
  {
    name: 'Land Rover',
    aliases: ['landrover', 'landy'],
    models: [
      m('Defender 90', 'SUV'),
      m('Defender 110', 'SUV'),
      m('Defender 130', 'SUV'),
      m('Discovery', 'SUV'),
      m('Discovery Sport', 'SUV'),
    ],
  },
  {
    name: 'Subaru',
    aliases: ['subie'],
    models: [
      m('Impreza', 'Hatchback'),
      m('WRX', 'Sedan'),
      m('BRZ', 'Coupe'),
      m('Crosstrek', 'SUV'),
      m('Forester', 'SUV'),
      m('Outback', 'Wagon'),
    ],
  },
  {
    name: 'Opel',
    aliases: [],
    models: [
      m('Corsa', 'Hatchback'),
      m('Astra', 'Hatchback'),
      m('Mokka', 'SUV'),
      m('Crossland', 'SUV'),
      m('Frontera', 'SUV'),
      m('Grandland', 'SUV'),
    ],
  },
  {
    name: 'Haval',
    aliases: [],
    models: [
      m('Jolion', 'SUV'),
      m('Jolion Pro', 'SUV'),
      m('H6', 'SUV'),
      m('H6 GT', 'SUV'),
      m('H7', 'SUV'),
      m('H9', 'SUV'),
    ],
  },
  {
    name: 'Chery',
    aliases: [],
    models: [
      m('Tiggo 4 Pro', 'SUV'),
      m('Tiggo 4 Cross', 'SUV'),
      m('Tiggo 7 Pro', 'SUV'),
      m('Tiggo 7 Pro Max', 'SUV'),
      m('Tiggo 8 Pro', 'SUV'),
      m('Tiggo 8 Pro Max', 'SUV'),
    ],
  },
  {
    name: 'Mini',
    aliases: ['mini cooper'],
    models: [
      m('Cooper 3-Door', 'Hatchback'),
      m('Cooper 5-Door', 'Hatchback'),
      m('Cooper Convertible', 'Convertible'),
      m('John Cooper Works', 'Hatchback'),
      m('Aceman', 'SUV'),
      m('Countryman', 'SUV'),
    ],
  },
];

export const MAKE_NAMES: readonly string[] = CAR_MAKES.map((make) => make.name);

/** SPEC 9: the filter panel's makes, in its order. */
export const FILTER_PANEL_MAKES = [
  'BMW',
  'Mercedes-Benz',
  'Audi',
  'Tesla',
  'Porsche',
  'Range Rover',
  'Lexus',
  'Jaguar',
  'Volvo',
  'Cadillac',
  'Toyota',
  'Honda',
] as const;

/** SPEC 9: 'popular brands are the first 12 makes' in the wizard. */
export const POPULAR_MAKE_COUNT = 12;
export const POPULAR_MAKES: readonly string[] = MAKE_NAMES.slice(0, POPULAR_MAKE_COUNT);

const byKey = new Map<string, CarMake>();
for (const make of CAR_MAKES) {
  byKey.set(make.name.toLowerCase(), make);
  for (const alias of make.aliases) byKey.set(alias, make);
}

/** Finds a make by name or alias, ignoring case and surrounding spaces. */
export function findMake(name: string): CarMake | undefined {
  return byKey.get(name.trim().toLowerCase());
}

/** The model names of a make, or an empty list for a make outside the catalogue (custom makes are allowed). */
export function modelNamesFor(make: string): string[] {
  return findMake(make)?.models.map((model) => model.name) ?? [];
}

/** SPEC 4: choosing a make clears a model that does not belong to it. */
export function isModelOf(make: string, model: string): boolean {
  const wanted = model.trim().toLowerCase();
  return findMake(make)?.models.some((candidate) => candidate.name.toLowerCase() === wanted) ?? false;
}

export function typicalBodyType(make: string, model: string): BodyType | undefined {
  const wanted = model.trim().toLowerCase();
  return findMake(make)?.models.find((candidate) => candidate.name.toLowerCase() === wanted)?.bodyType;
}
