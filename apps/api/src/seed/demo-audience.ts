import type { carLikes, carViews, comments, shares } from '../db/schema/index.ts';
import { Prng } from './prng.ts';

type LikeRow = typeof carLikes.$inferInsert;
type ViewRow = typeof carViews.$inferInsert;
type ShareRow = typeof shares.$inferInsert;
type CommentRow = typeof comments.$inferInsert & { id: string };

export interface AudienceCar {
  id: string;
  sellerId: string;
  make: string;
  model: string;
  year: number;
  mileage: number;
  fuelType: string;
  transmission: string;
  status: string | null | undefined;
  location: string;
  /** When it was listed: nobody saw it before. */
  createdAt: Date;
}

export interface DemoAudience {
  likes: LikeRow[];
  views: ViewRow[];
  shares: ShareRow[];
  comments: CommentRow[];
}

/** The most liked demo car's likes: the head of the curve; the tail falls off as 1 / rank^0.9. */
const TOP_LIKES = 140;

const QUESTIONS: readonly ((car: AudienceCar) => string)[] = [
  (c) => `Is the ${c.model} still available?`,
  (c) => `Does this ${c.year} ${c.model} have a full service history?`,
  (c) => `What would you take cash for the ${c.model}?`,
  (c) => `${c.mileage.toLocaleString('en-US')} km, any accidents or paint work?`,
  (c) => `Can I test drive it this weekend? I'm not far from ${c.location}.`,
  (c) =>
    c.fuelType === 'Diesel'
      ? `How is the diesel on long trips? Thinking of Joburg runs.`
      : c.fuelType === 'Electric'
        ? `What range do you actually get, and does it come with a home charger?`
        : c.fuelType === 'Hybrid'
          ? `What consumption does the hybrid really do in town?`
          : `What's the fuel consumption like on the ${c.model}?`,
  (c) =>
    c.transmission === 'Manual'
      ? `Clutch been replaced yet at ${c.mileage.toLocaleString('en-US')} km?`
      : `Any issues with the gearbox?`,
  (c) => `Do you deliver to Manzini? Interested in the ${c.make}.`,
  (c) => `Is finance possible on this ${c.make}?`,
];

const PRAISE: readonly ((car: AudienceCar) => string)[] = [
  (c) => `Clean ${c.model}, love the colour.`,
  (c) => `Had a ${c.make} for years, never let me down.`,
  (c) => `Good price for a ${c.year}.`,
  (c) => `This ${c.model} is the one I want 😍`,
  (c) => `The ${c.model} is so underrated.`,
];

const SELLER_REPLIES: readonly ((car: AudienceCar) => string)[] = [
  (c) => `Yes, still available. Come see it in ${c.location}.`,
  () => `Full service history and both keys. Send us a message to book a viewing.`,
  () => `Finance can be arranged; we work with the main banks.`,
  () => `No accidents, the report is available on request.`,
  () => `Price is negotiable for a cash buyer, message us.`,
];

const PLATFORMS = ['whatsapp', 'facebook', 'copy', 'sms'] as const;

/**
 * Likes, views, shares and comments with replies, spread like a real catalogue's: a few popular cars and a long tail
 * (popularity falls as a power of a random rank). Pure and deterministic for a seed.
 */
export function buildDemoAudience(
  cars: readonly AudienceCar[],
  audienceIds: readonly string[],
  now: Date,
  seed: number,
): DemoAudience {
  const rng = new Prng(seed);
  const listed = cars.filter((car) => car.status !== 'sold');
  // A random rank per car: rank 0 is the catalogue's most popular.
  const ranks = listed.map((car) => ({ car, order: rng.next() })).sort((a, b) => a.order - b.order);
  const audience: DemoAudience = { likes: [], views: [], shares: [], comments: [] };
  for (const [rank, { car }] of ranks.entries()) {
    const popularity = 1 / Math.pow(rank + 1, 0.9);
    const likes = Math.min(audienceIds.length, Math.floor(TOP_LIKES * popularity * (0.7 + rng.next() * 0.6)));
    const listedHours = (now.getTime() - car.createdAt.getTime()) / 3_600_000;
    const ago = (maxHours: number) =>
      new Date(now.getTime() - rng.next() * Math.min(maxHours, listedHours) * 3_600_000);
    for (const userId of rng.sample(audienceIds, likes))
      audience.likes.push({ userId, carId: car.id, createdAt: ago(900) });
    // Most viewers never like: 5 to 12 views a like, and a handful for every car.
    const views = likes * rng.int(5, 12) + rng.int(3, 25);
    for (let v = 0; v < views; v += 1) {
      const at = ago(900);
      audience.views.push({
        carId: car.id,
        viewerKey: `client:demo-${v}`,
        hourBucket: Math.floor(at.getTime() / 3_600_000),
        createdAt: at,
      });
    }
    const shareCount = Math.floor(likes / rng.int(6, 12));
    for (let s = 0; s < shareCount; s += 1)
      audience.shares.push({
        carId: car.id,
        userId: rng.pick(audienceIds),
        platform: rng.pick(PLATFORMS),
        createdAt: ago(900),
      });
    const commentCount = Math.floor(likes / 12) + (rng.chance(0.25) ? 1 : 0);
    for (let c = 0; c < commentCount; c += 1) {
      const question = rng.chance(0.65);
      const at = ago(800);
      const comment: CommentRow = {
        id: rng.uuid(),
        carId: car.id,
        userId: rng.pick(audienceIds),
        parentId: null,
        comment: rng.pick(question ? QUESTIONS : PRAISE)(car),
        createdAt: at,
      };
      audience.comments.push(comment);
      if (question && rng.chance(0.7)) {
        audience.comments.push({
          id: rng.uuid(),
          carId: car.id,
          userId: car.sellerId,
          parentId: comment.id,
          comment: rng.pick(SELLER_REPLIES)(car),
          createdAt: new Date(at.getTime() + rng.int(10, 600) * 60_000),
        });
      }
    }
  }
  return audience;
}
