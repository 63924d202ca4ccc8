import { sql } from 'drizzle-orm';
import { resultRows, type Database } from '../../apps/api/src/db/client.ts';

const MAKES = [
  'Toyota',
  'BMW',
  'Mercedes-Benz',
  'Audi',
  'Volkswagen',
  'Ford',
  'Nissan',
  'Honda',
  'Hyundai',
  'Kia',
  'Mazda',
  'Lexus',
];
const MODELS = [
  'Corolla',
  'X5',
  'C-Class',
  'A4',
  'Golf',
  'Ranger',
  'Navara',
  'Civic',
  'Tucson',
  'Sportage',
  'CX-5',
  'RX',
];
const BODIES = ['Sedan', 'SUV', 'Hatchback', 'Coupe', 'Convertible', 'Wagon', 'Truck'];
const FUELS = ['Petrol', 'Diesel', 'Electric', 'Hybrid'];
const CONDITIONS = ['New', 'Used', 'Certified Pre-Owned'];

const textArray = (values: string[]) =>
  sql.raw(`array[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(',')}]`);

/**
 * Fills the cars table with `count` deterministic listings in one INSERT ... SELECT, so the benchmark measures
 * reads of a realistically large catalogue rather than the time it takes to write one row at a time.
 */
export async function insertBulkCars(
  db: Database,
  count: number,
): Promise<{ sellerId: string; dealerId: string; sampleIds: string[] }> {
  const seller = await db.execute<{ id: string }>(
    sql`insert into users (name, phone, password_hash, role, is_phone_verified) values ('Bench Dealer', '+26876999999', 'x', 'dealer', true) returning id`,
  );
  const sellerId = resultRows<{ id: string }>(seller)[0]!.id;
  const dealer = await db.execute<{ id: string }>(
    sql`insert into dealers (user_id, name, location, is_verified) values (${sellerId}, 'Bench Motors', 'Mbabane', true) returning id`,
  );
  const dealerId = resultRows<{ id: string }>(dealer)[0]!.id;
  await db.execute(sql`
    insert into cars (seller_id, dealer_id, seller_type, make, model, year, mileage, fuel_type, transmission, body_type,
                      condition, description, price, features, exterior_color, status, created_at)
    select ${sellerId}, ${dealerId}, 'dealer',
           (${textArray(MAKES)})[1 + i % ${MAKES.length}],
           (${textArray(MODELS)})[1 + i % ${MODELS.length}],
           2008 + i % 18,
           (i * 7919) % 250000,
           (${textArray(FUELS)})[1 + (i / 7) % ${FUELS.length}],
           case when i % 3 = 0 then 'Manual' else 'Automatic' end,
           (${textArray(BODIES)})[1 + (i / 3) % ${BODIES.length}],
           (${textArray(CONDITIONS)})[1 + (i / 11) % ${CONDITIONS.length}],
           'Well kept car number ' || i || ' with full service history and a clean interior',
           80000 + (i::bigint * 104729) % 3420000,
           array['Bluetooth', 'Navigation System'],
           'White',
           'active',
           now() - make_interval(secs => i * 37)
    from generate_series(1, ${count}) as i`);
  await db.execute(sql`analyze cars`);
  const sample = await db.execute<{ id: string }>(
    sql`select id from cars order by created_at desc limit 100`,
  );
  return { sellerId, dealerId, sampleIds: resultRows<{ id: string }>(sample).map((r) => r.id) };
}
