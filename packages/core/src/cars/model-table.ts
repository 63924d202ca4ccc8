import { CAR_MAKES } from './makes.ts';
import type { BodyType, FuelType, Transmission } from './car-options.ts';
import { typicalSeats } from './seats.ts';

/**
 * The model table: for every catalogue model, what was really sold in Southern Africa (fuels, gearboxes, the years
 * it was on sale) and its new-price band today in each market. The demo catalogue draws only from it, and the price
 * rules below say what a used one is worth. Bands are the line-up's entry and top trims in thousands of rand, capped
 * at the catalogue's top price (E3.5M, API-CONTRACT), so trims above it are left out; Eswatini's band is South
 * Africa's plus ESWATINI_MARKUP (the lilangeni is at par with the rand and cars come in through South Africa).
 */

export type Market = 'SZ' | 'ZA';

export interface ModelSpec {
  readonly make: string;
  readonly model: string;
  readonly bodyType: BodyType;
  readonly seats: number;
  readonly fuels: readonly FuelType[];
  readonly transmissions: readonly Transmission[];
  /** First model year sold here, and the last (null while it is still sold new). */
  readonly fromYear: number;
  readonly toYear: number | null;
  /** New price today, entry trim to top trim, in the market's currency (SZL or ZAR, at par). */
  readonly newPrice: Readonly<Record<Market, readonly [number, number]>>;
}

/** Freight and import costs through South Africa: Eswatini's new prices run a few per cent above. */
export const ESWATINI_MARKUP = 1.03;
/** The catalogue's top price (API-CONTRACT). */
const TOP_PRICE = 3_500_000;

const FUEL: Readonly<Record<string, FuelType>> = { P: 'Petrol', D: 'Diesel', H: 'Hybrid', E: 'Electric' };
const GEARBOX: Readonly<Record<string, Transmission>> = { M: 'Manual', A: 'Automatic' };

interface Row {
  model: string;
  fuels: string;
  gearboxes: string;
  from: number;
  to: number | null;
  low: number;
  high: number;
}

/** One row: fuels as letters (Petrol, Diesel, Hybrid, Electric), gearboxes (Manual, Automatic), prices in R'000. */
const spec = (
  model: string,
  fuels: string,
  gearboxes: string,
  from: number,
  to: number | null,
  low: number,
  high: number,
): Row => ({ model, fuels, gearboxes, from, to, low, high });

const ROWS: Readonly<Record<string, readonly Row[]>> = {
  BMW: [
    spec('1 Series', 'P', 'A', 2008, null, 690, 1050),
    spec('2 Series Coupe', 'P', 'A', 2014, null, 900, 1350),
    spec('2 Series Gran Coupe', 'P', 'A', 2020, null, 780, 1100),
    spec('3 Series', 'PDH', 'MA', 2008, null, 880, 1250),
    spec('3 Series Touring', 'PD', 'A', 2020, null, 950, 1300),
    spec('4 Series Coupe', 'PD', 'A', 2014, null, 1050, 1450),
    spec('4 Series Convertible', 'P', 'A', 2014, null, 1150, 1550),
    spec('5 Series', 'PDH', 'A', 2008, null, 1250, 1750),
    spec('7 Series', 'PDH', 'A', 2009, null, 2350, 3300),
    spec('i4', 'E', 'A', 2022, null, 1200, 1650),
    spec('i7', 'E', 'A', 2023, null, 2600, 3300),
    spec('X1', 'PD', 'A', 2010, null, 820, 1150),
    spec('X3', 'PDH', 'A', 2011, null, 1050, 1500),
    spec('X5', 'PDH', 'A', 2008, null, 1700, 2500),
    spec('X6', 'PD', 'A', 2009, null, 1950, 2650),
    spec('X7', 'PD', 'A', 2019, null, 2350, 3150),
    spec('iX', 'E', 'A', 2022, null, 1650, 2650),
    spec('iX3', 'E', 'A', 2022, null, 1200, 1450),
    spec('M3', 'P', 'MA', 2008, null, 1750, 2050),
    spec('M4', 'P', 'MA', 2015, null, 1850, 2300),
    spec('Z4', 'P', 'MA', 2009, null, 1150, 1500),
  ],
  'Mercedes-Benz': [
    spec('A-Class', 'P', 'A', 2013, null, 720, 1050),
    spec('A-Class Sedan', 'P', 'A', 2019, null, 760, 1050),
    spec('C-Class', 'PDH', 'A', 2008, null, 1000, 1450),
    spec('C-Class Estate', 'PD', 'A', 2015, null, 1050, 1350),
    spec('CLA', 'P', 'A', 2014, null, 850, 1200),
    spec('CLE Coupe', 'P', 'A', 2024, null, 1350, 1750),
    spec('CLE Cabriolet', 'P', 'A', 2024, null, 1450, 1850),
    spec('E-Class', 'PDH', 'A', 2009, null, 1400, 1950),
    spec('S-Class', 'PDH', 'A', 2008, null, 2450, 3400),
    spec('EQE', 'E', 'A', 2023, null, 1850, 2300),
    spec('EQS', 'E', 'A', 2022, null, 2650, 3400),
    spec('GLA', 'PD', 'A', 2014, null, 820, 1150),
    spec('GLB', 'PD', 'A', 2020, null, 850, 1150),
    spec('GLC', 'PDH', 'A', 2016, null, 1150, 1600),
    spec('GLC Coupe', 'PD', 'A', 2016, null, 1300, 1700),
    spec('GLE', 'PDH', 'A', 2015, null, 1700, 2500),
    spec('GLS', 'PD', 'A', 2016, null, 2300, 3100),
    spec('G-Class', 'PD', 'A', 2008, null, 3000, 3500),
    spec('SL', 'P', 'A', 2008, null, 2800, 3450),
    spec('AMG GT', 'P', 'A', 2015, null, 2900, 3500),
  ],
  Audi: [
    spec('A1 Sportback', 'P', 'MA', 2012, null, 490, 690),
    spec('A3 Sportback', 'P', 'MA', 2008, null, 620, 850),
    spec('A3 Sedan', 'P', 'A', 2014, null, 650, 880),
    spec('A4', 'PD', 'MA', 2008, null, 800, 1150),
    spec('A5', 'PD', 'A', 2008, null, 900, 1300),
    spec('A5 Avant', 'PD', 'A', 2025, null, 950, 1300),
    spec('A6', 'PDH', 'A', 2008, null, 1150, 1600),
    spec('A6 Avant', 'PD', 'A', 2012, null, 1250, 1650),
    spec('A8', 'PD', 'A', 2010, null, 2050, 2800),
    spec('Q2', 'P', 'A', 2017, null, 590, 790),
    spec('Q3', 'PD', 'A', 2012, null, 720, 1000),
    spec('Q4 e-tron', 'E', 'A', 2023, null, 1100, 1350),
    spec('Q5', 'PDH', 'A', 2009, null, 1000, 1450),
    spec('Q7', 'PD', 'A', 2008, null, 1550, 2250),
    spec('Q8', 'PD', 'A', 2019, null, 1850, 2600),
    spec('Q8 e-tron', 'E', 'A', 2023, null, 1900, 2450),
    spec('e-tron GT', 'E', 'A', 2022, null, 2350, 3300),
    spec('RS 3', 'P', 'A', 2012, null, 1300, 1450),
    spec('RS 6 Avant', 'P', 'A', 2010, null, 3050, 3500),
  ],
  Tesla: [
    spec('Model 3', 'E', 'A', 2019, null, 900, 1250),
    spec('Model Y', 'E', 'A', 2021, null, 1000, 1350),
    spec('Model S', 'E', 'A', 2014, null, 1900, 2500),
    spec('Model X', 'E', 'A', 2016, null, 2100, 2700),
    spec('Cybertruck', 'E', 'A', 2024, null, 2600, 3300),
  ],
  Porsche: [
    spec('911', 'P', 'MA', 2008, null, 2300, 3500),
    spec('911 Cabriolet', 'P', 'A', 2008, null, 2550, 3500),
    spec('718 Cayman', 'P', 'MA', 2016, null, 1450, 2300),
    spec('718 Boxster', 'P', 'MA', 2016, null, 1500, 2350),
    spec('Panamera', 'PH', 'A', 2010, null, 2450, 3500),
    spec('Taycan', 'E', 'A', 2021, null, 2050, 3500),
    spec('Taycan Cross Turismo', 'E', 'A', 2021, null, 2350, 3400),
    spec('Macan', 'PE', 'A', 2014, null, 1300, 2000),
    spec('Cayenne', 'PDH', 'A', 2008, null, 1850, 3200),
    spec('Cayenne Coupe', 'PH', 'A', 2019, null, 2000, 3400),
  ],
  'Range Rover': [
    spec('Range Rover', 'PDH', 'A', 2008, null, 2900, 3500),
    spec('Range Rover Sport', 'PDH', 'A', 2008, null, 1950, 3200),
    spec('Range Rover Velar', 'PDH', 'A', 2017, null, 1350, 1850),
    spec('Range Rover Evoque', 'PDH', 'MA', 2012, null, 900, 1250),
  ],
  Lexus: [
    spec('IS', 'PH', 'A', 2008, null, 900, 1150),
    spec('ES', 'PH', 'A', 2013, null, 950, 1200),
    spec('LS', 'PH', 'A', 2008, null, 2300, 2700),
    spec('LC', 'PH', 'A', 2017, null, 2500, 2850),
    spec('LC Convertible', 'P', 'A', 2021, null, 2700, 3000),
    spec('LBX', 'H', 'A', 2024, null, 650, 780),
    spec('UX', 'H', 'A', 2019, null, 720, 900),
    spec('NX', 'PH', 'A', 2015, null, 950, 1300),
    spec('RX', 'PH', 'A', 2009, null, 1350, 1850),
    spec('GX', 'P', 'A', 2010, null, 1850, 2150),
    spec('LX', 'PD', 'A', 2008, null, 2650, 3200),
  ],
  Jaguar: [
    spec('XE', 'PD', 'A', 2016, null, 850, 1200),
    spec('XF', 'PD', 'A', 2009, null, 1000, 1350),
    spec('F-Type', 'P', 'A', 2014, null, 1650, 2600),
    spec('F-Type Convertible', 'P', 'A', 2013, null, 1750, 2700),
    spec('E-Pace', 'PD', 'A', 2018, null, 850, 1100),
    spec('F-Pace', 'PD', 'A', 2016, null, 1200, 1850),
    spec('I-Pace', 'E', 'A', 2018, null, 1700, 2050),
  ],
  Volvo: [
    spec('S60', 'PH', 'A', 2008, null, 850, 1100),
    spec('S90', 'PH', 'A', 2017, null, 1050, 1300),
    spec('V60', 'PDH', 'A', 2011, null, 880, 1100),
    spec('V60 Cross Country', 'PD', 'A', 2016, null, 950, 1100),
    spec('V90 Cross Country', 'PD', 'A', 2017, null, 1150, 1350),
    spec('EX30', 'E', 'A', 2024, null, 780, 950),
    spec('XC40', 'PD', 'A', 2018, null, 780, 1000),
    spec('EX40', 'E', 'A', 2021, null, 1050, 1250),
    spec('XC60', 'PDH', 'A', 2009, null, 1000, 1350),
    spec('XC90', 'PDH', 'A', 2008, null, 1350, 1850),
    spec('EX90', 'E', 'A', 2025, null, 2000, 2300),
  ],
  Cadillac: [
    spec('CT4', 'P', 'A', 2020, null, 900, 1100),
    spec('CT5', 'P', 'A', 2020, null, 1050, 1350),
    spec('XT4', 'P', 'A', 2019, null, 850, 1050),
    spec('XT5', 'P', 'A', 2017, null, 1050, 1300),
    spec('XT6', 'P', 'A', 2020, null, 1300, 1550),
    spec('Lyriq', 'E', 'A', 2023, null, 1500, 1800),
    spec('Escalade', 'P', 'A', 2008, null, 2700, 3400),
  ],
  Toyota: [
    spec('Vitz', 'P', 'MA', 2020, null, 200, 240),
    spec('Starlet', 'P', 'MA', 2020, null, 240, 320),
    spec('Yaris', 'PH', 'MA', 2008, null, 300, 430),
    spec('Corolla', 'PH', 'MA', 2008, null, 400, 520),
    spec('Corolla Hatch', 'PH', 'MA', 2019, null, 430, 560),
    spec('Corolla Cross', 'PH', 'MA', 2021, null, 420, 600),
    spec('Camry', 'PH', 'A', 2008, null, 640, 740),
    spec('Urban Cruiser', 'PH', 'MA', 2021, null, 300, 420),
    spec('RAV4', 'PH', 'MA', 2008, null, 540, 830),
    spec('Fortuner', 'PD', 'MA', 2008, null, 620, 920),
    spec('Land Cruiser Prado', 'PD', 'A', 2008, null, 1050, 1400),
    spec('Land Cruiser 300', 'PD', 'A', 2022, null, 1750, 2300),
    spec('Land Cruiser 79', 'PD', 'M', 2008, null, 750, 1000),
    spec('Hilux', 'PD', 'MA', 2008, null, 360, 1000),
    spec('GR86', 'P', 'MA', 2022, null, 700, 780),
    spec('GR Supra', 'P', 'MA', 2019, null, 1300, 1450),
  ],
  Honda: [
    spec('Fit', 'PH', 'A', 2008, null, 300, 430),
    spec('Amaze', 'P', 'MA', 2018, null, 260, 330),
    spec('City', 'P', 'MA', 2008, null, 340, 430),
    spec('Civic', 'PH', 'MA', 2008, null, 480, 650),
    spec('Civic Type R', 'P', 'M', 2017, null, 980, 1100),
    spec('Accord', 'PH', 'A', 2008, null, 700, 820),
    spec('BR-V', 'P', 'MA', 2016, null, 340, 430),
    spec('HR-V', 'PH', 'A', 2015, null, 460, 600),
    spec('ZR-V', 'P', 'A', 2024, null, 600, 700),
    spec('CR-V', 'PDH', 'MA', 2008, null, 560, 820),
  ],
  Volkswagen: [
    spec('Polo Vivo', 'P', 'MA', 2010, null, 250, 380),
    spec('Polo', 'PD', 'MA', 2008, null, 330, 480),
    spec('Polo GTI', 'P', 'A', 2011, null, 520, 580),
    spec('Golf', 'PD', 'MA', 2008, null, 520, 650),
    spec('Golf GTI', 'P', 'MA', 2008, null, 800, 880),
    spec('Golf R', 'P', 'A', 2011, null, 980, 1050),
    spec('Jetta', 'PD', 'MA', 2008, null, 420, 520),
    spec('Passat', 'PD', 'A', 2008, null, 600, 750),
    spec('T-Cross', 'P', 'MA', 2019, null, 400, 520),
    spec('T-Roc', 'P', 'A', 2022, null, 550, 750),
    spec('Tiguan', 'PD', 'MA', 2008, null, 590, 900),
    spec('Tiguan Allspace', 'PD', 'A', 2018, null, 730, 950),
    spec('Touareg', 'PD', 'A', 2008, null, 1450, 1900),
    spec('ID.4', 'E', 'A', 2025, null, 900, 1100),
    spec('Amarok', 'PD', 'MA', 2010, null, 690, 1150),
  ],
  Ford: [
    spec('Ranger', 'PD', 'MA', 2008, null, 430, 1000),
    spec('Ranger Raptor', 'P', 'A', 2019, null, 1150, 1300),
    spec('Ranger PHEV', 'H', 'A', 2025, null, 1000, 1200),
    spec('F-150', 'P', 'A', 2021, null, 1500, 2100),
    spec('Everest', 'D', 'A', 2009, null, 780, 1050),
    spec('Territory', 'PH', 'A', 2024, null, 480, 650),
    spec('Puma', 'P', 'A', 2020, null, 450, 560),
    spec('Kuga', 'PDH', 'MA', 2013, null, 500, 720),
    spec('Bronco', 'P', 'A', 2023, null, 1150, 1300),
    spec('Mustang Mach-E', 'E', 'A', 2024, null, 1100, 1300),
    spec('Mustang', 'P', 'MA', 2016, null, 1050, 1300),
    spec('Mustang Convertible', 'P', 'A', 2016, null, 1150, 1350),
  ],
  Nissan: [
    spec('Almera', 'P', 'MA', 2012, null, 280, 370),
    spec('Leaf', 'E', 'A', 2013, null, 600, 750),
    spec('Magnite', 'P', 'MA', 2021, null, 270, 350),
    spec('Kicks', 'H', 'A', 2025, null, 520, 600),
    spec('Qashqai', 'PD', 'MA', 2008, null, 460, 650),
    spec('X-Trail', 'PDH', 'MA', 2008, null, 560, 800),
    spec('Patrol', 'PD', 'A', 2008, null, 1600, 1950),
    spec('Navara', 'PD', 'MA', 2008, null, 400, 850),
    spec('Z', 'P', 'MA', 2023, null, 1050, 1150),
  ],
  Hyundai: [
    spec('Grand i10', 'P', 'MA', 2014, null, 220, 300),
    spec('i20', 'P', 'MA', 2009, null, 300, 420),
    spec('i20 N', 'P', 'M', 2021, null, 550, 600),
    spec('Elantra', 'P', 'MA', 2008, null, 420, 560),
    spec('Venue', 'P', 'MA', 2020, null, 320, 440),
    spec('Creta', 'PD', 'MA', 2016, null, 400, 560),
    spec('Tucson', 'PDH', 'MA', 2008, null, 540, 830),
    spec('Santa Fe', 'PDH', 'A', 2008, null, 780, 1050),
    spec('Palisade', 'PD', 'A', 2021, null, 1050, 1250),
    spec('Ioniq 5', 'E', 'A', 2022, null, 950, 1150),
    spec('Ioniq 6', 'E', 'A', 2024, null, 1050, 1200),
  ],
  Kia: [
    spec('Picanto', 'P', 'MA', 2008, null, 200, 300),
    spec('Rio', 'P', 'MA', 2008, null, 300, 420),
    spec('Pegas', 'P', 'MA', 2021, null, 230, 290),
    spec('K5', 'P', 'A', 2021, null, 560, 650),
    spec('Sonet', 'P', 'MA', 2020, null, 330, 450),
    spec('Seltos', 'PD', 'MA', 2020, null, 430, 600),
    spec('Sportage', 'PD', 'MA', 2008, null, 540, 820),
    spec('Sorento', 'PD', 'A', 2008, null, 800, 1100),
    spec('EV6', 'E', 'A', 2022, null, 1000, 1250),
    spec('EV9', 'E', 'A', 2024, null, 1650, 1950),
  ],
  Mazda: [
    spec('Mazda2', 'P', 'MA', 2008, null, 300, 400),
    spec('Mazda3 Hatch', 'P', 'MA', 2008, null, 450, 580),
    spec('Mazda3 Sedan', 'P', 'MA', 2008, null, 450, 580),
    spec('CX-3', 'P', 'MA', 2016, null, 390, 480),
    spec('CX-30', 'P', 'MA', 2020, null, 490, 620),
    spec('CX-5', 'PD', 'MA', 2012, null, 560, 820),
    spec('CX-60', 'PDH', 'A', 2023, null, 900, 1150),
    spec('CX-90', 'P', 'A', 2024, null, 1200, 1350),
    spec('MX-5', 'P', 'MA', 2008, null, 650, 750),
    spec('BT-50', 'PD', 'MA', 2008, null, 400, 800),
  ],
  Isuzu: [
    spec('D-Max Single Cab', 'D', 'M', 2013, null, 320, 500),
    spec('D-Max Extended Cab', 'D', 'MA', 2013, null, 460, 640),
    spec('D-Max Double Cab', 'PD', 'MA', 2008, null, 500, 830),
    spec('D-Max V-Cross', 'D', 'MA', 2021, null, 770, 860),
    spec('D-Max Arctic Trucks AT35', 'D', 'A', 2021, null, 950, 1000),
    spec('MU-X', 'D', 'MA', 2013, null, 650, 850),
  ],
  Mitsubishi: [
    spec('Mirage', 'P', 'MA', 2014, null, 220, 280),
    spec('Attrage', 'P', 'MA', 2014, null, 240, 290),
    spec('ASX', 'P', 'MA', 2010, null, 380, 470),
    spec('Eclipse Cross', 'P', 'A', 2018, null, 480, 580),
    spec('Outlander', 'PH', 'A', 2008, null, 600, 950),
    spec('Pajero Sport', 'D', 'A', 2010, null, 700, 850),
    spec('Triton', 'D', 'MA', 2008, null, 430, 800),
  ],
  Suzuki: [
    spec('Celerio', 'P', 'MA', 2015, null, 170, 230),
    spec('S-Presso', 'P', 'MA', 2020, null, 160, 200),
    spec('Swift', 'P', 'MA', 2008, null, 210, 290),
    spec('Baleno', 'P', 'MA', 2016, null, 250, 330),
    spec('Dzire', 'P', 'MA', 2018, null, 220, 290),
    spec('Ciaz', 'P', 'MA', 2016, null, 280, 340),
    spec('Fronx', 'P', 'MA', 2023, null, 300, 370),
    spec('Brezza', 'P', 'MA', 2022, null, 300, 380),
    spec('Grand Vitara', 'PH', 'MA', 2008, null, 360, 500),
    spec('Jimny', 'P', 'MA', 2008, null, 380, 540),
  ],
  Renault: [
    spec('Kwid', 'P', 'MA', 2016, null, 180, 240),
    spec('Clio', 'P', 'MA', 2008, null, 320, 430),
    spec('Kiger', 'P', 'MA', 2021, null, 260, 340),
    spec('Captur', 'P', 'MA', 2015, null, 400, 520),
    spec('Duster', 'PD', 'MA', 2013, null, 370, 560),
    spec('Koleos', 'PD', 'A', 2008, null, 600, 750),
  ],
  Peugeot: [
    spec('208', 'P', 'MA', 2013, null, 340, 430),
    spec('308', 'P', 'A', 2014, null, 550, 650),
    spec('408', 'P', 'A', 2024, null, 650, 750),
    spec('2008', 'P', 'MA', 2014, null, 430, 560),
    spec('3008', 'PD', 'A', 2017, null, 600, 800),
    spec('5008', 'PD', 'A', 2018, null, 700, 850),
    spec('Landtrek', 'D', 'MA', 2021, null, 460, 760),
  ],
  Chevrolet: [
    spec('Trailblazer', 'D', 'MA', 2013, 2017, 420, 560),
    spec('Captiva', 'PD', 'MA', 2008, 2017, 380, 520),
    spec('Equinox', 'P', 'A', 2009, 2017, 450, 560),
    spec('Tahoe', 'P', 'A', 2008, null, 2000, 2400),
    spec('Colorado', 'PD', 'MA', 2008, 2011, 280, 420),
    spec('Silverado', 'PD', 'A', 2022, null, 1700, 2200),
    spec('Camaro', 'P', 'A', 2010, 2024, 900, 1300),
    spec('Corvette', 'P', 'A', 2020, null, 2400, 2900),
  ],
  Jeep: [
    spec('Avenger', 'P', 'A', 2024, null, 480, 580),
    spec('Renegade', 'P', 'MA', 2015, null, 420, 560),
    spec('Compass', 'P', 'MA', 2008, null, 520, 700),
    spec('Cherokee', 'P', 'A', 2008, 2022, 600, 850),
    spec('Grand Cherokee', 'PD', 'A', 2008, null, 1100, 1700),
    spec('Wrangler', 'PD', 'MA', 2008, null, 1000, 1400),
    spec('Gladiator', 'P', 'A', 2021, null, 1200, 1350),
  ],
  'Land Rover': [
    spec('Defender 90', 'PD', 'A', 2008, null, 1300, 2600),
    spec('Defender 110', 'PDH', 'MA', 2008, null, 1400, 2800),
    spec('Defender 130', 'PD', 'A', 2023, null, 1950, 2600),
    spec('Discovery', 'PD', 'A', 2008, null, 1400, 1750),
    spec('Discovery Sport', 'PD', 'A', 2015, null, 950, 1150),
  ],
  Subaru: [
    spec('Impreza', 'P', 'MA', 2008, null, 450, 560),
    spec('WRX', 'P', 'MA', 2008, null, 800, 900),
    spec('BRZ', 'P', 'MA', 2013, null, 700, 780),
    spec('Crosstrek', 'PH', 'A', 2013, null, 520, 650),
    spec('Forester', 'PDH', 'MA', 2008, null, 600, 800),
    spec('Outback', 'PD', 'A', 2008, null, 750, 850),
  ],
  Opel: [
    spec('Corsa', 'P', 'MA', 2008, null, 340, 460),
    spec('Astra', 'P', 'MA', 2008, null, 460, 580),
    spec('Mokka', 'PE', 'A', 2021, null, 480, 800),
    spec('Crossland', 'P', 'MA', 2018, null, 360, 460),
    spec('Frontera', 'P', 'A', 2025, null, 450, 550),
    spec('Grandland', 'PD', 'A', 2018, null, 560, 750),
  ],
  Haval: [
    spec('Jolion', 'PH', 'MA', 2021, null, 320, 480),
    spec('Jolion Pro', 'PH', 'A', 2025, null, 420, 560),
    spec('H6', 'PH', 'A', 2021, null, 480, 680),
    spec('H6 GT', 'P', 'A', 2022, null, 600, 680),
    spec('H7', 'P', 'A', 2023, null, 520, 600),
    spec('H9', 'PD', 'A', 2016, null, 700, 830),
  ],
  Chery: [
    spec('Tiggo 4 Pro', 'P', 'MA', 2022, null, 280, 380),
    spec('Tiggo 4 Cross', 'P', 'MA', 2025, null, 300, 400),
    spec('Tiggo 7 Pro', 'P', 'A', 2022, null, 420, 520),
    spec('Tiggo 7 Pro Max', 'PH', 'A', 2023, null, 490, 600),
    spec('Tiggo 8 Pro', 'P', 'A', 2022, null, 560, 650),
    spec('Tiggo 8 Pro Max', 'P', 'A', 2022, null, 620, 700),
  ],
  Mini: [
    spec('Cooper 3-Door', 'PE', 'MA', 2008, null, 520, 700),
    spec('Cooper 5-Door', 'P', 'MA', 2015, null, 560, 700),
    spec('Cooper Convertible', 'P', 'A', 2008, null, 640, 780),
    spec('John Cooper Works', 'P', 'MA', 2008, null, 780, 850),
    spec('Aceman', 'E', 'A', 2025, null, 680, 780),
    spec('Countryman', 'PDE', 'A', 2011, null, 720, 950),
  ],
};

function toSpec(make: string, row: Row): ModelSpec {
  const catalogueModel = CAR_MAKES.find((m) => m.name === make)?.models.find((m) => m.name === row.model);
  if (!catalogueModel) throw new Error(`model table: ${make} ${row.model} is not in the catalogue`);
  const za: readonly [number, number] = [row.low * 1_000, row.high * 1_000];
  const eswatini = (price: number) =>
    Math.min(TOP_PRICE, Math.round((price * ESWATINI_MARKUP) / 1_000) * 1_000);
  return {
    make,
    model: row.model,
    bodyType: catalogueModel.bodyType,
    seats: typicalSeats(make, row.model, catalogueModel.bodyType),
    fuels: [...row.fuels].map((letter) => FUEL[letter]!),
    transmissions: [...row.gearboxes].map((letter) => GEARBOX[letter]!),
    fromYear: row.from,
    toYear: row.to,
    newPrice: { SZ: [eswatini(za[0]), eswatini(za[1])], ZA: za },
  };
}

export const MODEL_TABLE: readonly ModelSpec[] = Object.entries(ROWS).flatMap(([make, rows]) =>
  rows.map((row) => toSpec(make, row)),
);

const BY_NAME = new Map(MODEL_TABLE.map((entry) => [`${entry.make}|${entry.model}`, entry]));

/** The table's entry for a catalogue make and model, or undefined for a model it does not know. */
export function modelSpec(make: string, model: string): ModelSpec | undefined {
  return BY_NAME.get(`${make}|${model}`);
}

/** The model years a model can be listed with: on sale then, and not after `currentYear`. */
export function modelYears(entry: ModelSpec, currentYear: number, earliest = 0): number[] {
  const years: number[] = [];
  const last = Math.min(entry.toYear ?? currentYear, currentYear);
  for (let year = Math.max(entry.fromYear, earliest); year <= last; year += 1) years.push(year);
  return years;
}

/** Share of its new price a car keeps: a fifth goes in the first year, then about a tenth of the rest each year. */
export function residualShare(age: number): number {
  return age <= 0 ? 1 : 0.8 * Math.pow(0.9, age - 1);
}

/** New prices rise about 5% a year, so a model year's new price was today's band scaled back by its age. */
export function newPriceThen(price: number, age: number): number {
  return price * Math.pow(0.95, Math.max(0, age));
}

/** More kilometres than 15,000 a year lower the price, fewer raise it, within -25% and +12%. */
export function mileageShare(age: number, mileage: number): number {
  const expected = 15_000 * Math.max(age, 0.5);
  const excess = (mileage - expected) / 100_000;
  return 1 - Math.max(-0.12, Math.min(0.25, excess * 0.15));
}

/** How far a seller's asking price strays from the rule, either side: a little spread, not a second band. */
export const PRICE_SPREAD = 0.06;

export interface ModelPricedCar {
  year: number;
  mileage: number;
  /** A listed car's condition; anything but New and Certified Pre-Owned prices as Used. */
  condition: string;
  market: Market;
}

/** What a car of this model, year, mileage and condition fairly sells for, `position` of the way to the top trim. */
export function fairPrice(
  entry: ModelSpec,
  car: ModelPricedCar,
  currentYear: number,
  position: number,
): number {
  const [low, high] = entry.newPrice[car.market];
  const newToday = low + (high - low) * position;
  if (car.condition === 'New') return newToday;
  const age = Math.max(0, currentYear - car.year);
  const certified = car.condition === 'Certified Pre-Owned' ? 1.05 : 1;
  return newPriceThen(newToday, age) * residualShare(age) * mileageShare(age, car.mileage) * certified;
}

/** The asking prices the table allows for such a car: entry to top trim, with the spread either side. */
export function priceBand(
  entry: ModelSpec,
  car: ModelPricedCar,
  currentYear: number,
): readonly [number, number] {
  return [
    Math.floor((fairPrice(entry, car, currentYear, 0) * (1 - PRICE_SPREAD)) / 1_000) * 1_000,
    Math.min(
      TOP_PRICE,
      Math.ceil((fairPrice(entry, car, currentYear, 1) * (1 + PRICE_SPREAD)) / 1_000) * 1_000,
    ),
  ];
}

export interface ListedCar extends ModelPricedCar {
  make: string;
  model: string;
  bodyType: string;
  fuelType: string;
  transmission: string;
  seats: number | null | undefined;
  price: number;
}

/** What is wrong with a listed car against the model table; empty when it is a car that exists, fairly priced. */
export function modelTableProblems(car: ListedCar, currentYear: number): string[] {
  const entry = modelSpec(car.make, car.model);
  if (!entry) return [`${car.make} ${car.model} is not in the model table`];
  const problems: string[] = [];
  const name = `${car.year} ${car.make} ${car.model}`;
  if (car.bodyType !== entry.bodyType) problems.push(`${name}: body ${car.bodyType}, not ${entry.bodyType}`);
  if (car.seats !== entry.seats) problems.push(`${name}: ${car.seats} seats, not ${entry.seats}`);
  if (!entry.fuels.includes(car.fuelType as FuelType))
    problems.push(`${name}: never sold as ${car.fuelType}`);
  if (!entry.transmissions.includes(car.transmission as Transmission))
    problems.push(`${name}: never sold with a ${car.transmission} gearbox`);
  if (!modelYears(entry, currentYear).includes(car.year)) problems.push(`${name}: not sold that year`);
  if (car.condition === 'New' && (entry.toYear !== null || car.year < currentYear - 1))
    problems.push(`${name}: not sold new any more`);
  const [low, high] = priceBand(entry, car, currentYear);
  if (car.price < low || car.price > high)
    problems.push(`${name} (${car.mileage} km, ${car.condition}): E${car.price} outside E${low} to E${high}`);
  return problems;
}

/** A price under this share of the model's lowest usual asking price reads as thousands typed as units. */
const SLIP_SHARE = 0.01;

/**
 * The price a seller most likely meant when the one typed is far below anything the model sells for (E12 for a
 * car that sells from E180,000): the same figure in thousands. Null when the price is plausible, empty, or the model
 * is not in the table. Mileage is not known yet when the price is typed, so a usual one for the car's age is
 * assumed; South Africa's band, the lower, keeps the question for clear slips.
 */
export function priceSlip(
  car: { make: string; model: string; year: number; price: number },
  currentYear: number,
): number | null {
  const entry = modelSpec(car.make, car.model);
  if (!entry || !(car.price > 0) || !Number.isInteger(car.year)) return null;
  const age = Math.max(0, currentYear - car.year);
  const [low] = priceBand(
    entry,
    { year: car.year, mileage: 15_000 * age, condition: 'Used', market: 'ZA' },
    currentYear,
  );
  return car.price < low * SLIP_SHARE ? car.price * 1_000 : null;
}
