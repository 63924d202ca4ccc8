import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { dealerApplications, dealers, users } from '../db/schema/index.ts';

export type DealerRow = typeof dealers.$inferSelect;
export type DealerInsert = typeof dealers.$inferInsert;
export type DealerApplicationRow = typeof dealerApplications.$inferSelect;
export type DealerProfileUpdate = Partial<
  Pick<
    DealerInsert,
    'name' | 'email' | 'phone' | 'location' | 'businessLicense' | 'pendingName' | 'pendingPhone'
  >
>;

export interface DealerWithCounts extends DealerRow {
  activeCars: number;
  totalCars: number;
  /** The owner's account is suspended: the dealer page and its cars are hidden from everyone. */
  ownerSuspended: boolean;
  /** The owner's stored reply time (seller_reply_times), null when none is stored. */
  replyMedian: number | null;
  replySample: number;
}

export interface PendingApplication extends DealerApplicationRow {
  applicantName: string;
  applicantPhone: string;
  applicantEmail: string | null;
}

/** The seller facts of an account that decide whether it may list cars. */
export interface SellerAccount {
  id: string;
  role: string;
  name: string;
  phone: string;
  isPrivateSeller: boolean;
  dealerId: string | null;
}

// Written out qualified: Drizzle leaves columns unqualified in single-table selects, and an unqualified "id" inside
// the subquery would mean the car's id.
const carCounts = {
  activeCars: sql<number>`(select count(*)::int from cars c where c.dealer_id = "dealers"."id" and c.status = 'active')`,
  totalCars: sql<number>`(select count(*)::int from cars c where c.dealer_id = "dealers"."id")`,
  ownerSuspended: sql<boolean>`exists (select 1 from users u where u.id = "dealers"."user_id" and u.suspended_at is not null)`,
  replyMedian: sql<
    number | null
  >`(select r.median_minutes from seller_reply_times r where r.user_id = "dealers"."user_id")`,
  replySample: sql<number>`coalesce((select r.sample from seller_reply_times r where r.user_id = "dealers"."user_id"), 0)`,
};

/** Dealers, their applications, and the account flags (role, private seller) that approval changes. */
export class DealerRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  async insertDealer(values: DealerInsert): Promise<DealerRow> {
    const [row] = await this.#db.insert(dealers).values(values).returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  }

  async findById(id: string): Promise<DealerWithCounts | null> {
    const [row] = await this.#db
      .select({ dealer: dealers, ...carCounts })
      .from(dealers)
      .where(eq(dealers.id, id))
      .limit(1);
    return row
      ? {
          ...row.dealer,
          activeCars: row.activeCars,
          totalCars: row.totalCars,
          ownerSuspended: row.ownerSuspended,
          replyMedian: row.replyMedian,
          replySample: row.replySample,
        }
      : null;
  }

  async findByUserId(userId: string): Promise<DealerWithCounts | null> {
    const [row] = await this.#db
      .select({ dealer: dealers, ...carCounts })
      .from(dealers)
      .where(eq(dealers.userId, userId))
      .limit(1);
    return row
      ? {
          ...row.dealer,
          activeCars: row.activeCars,
          totalCars: row.totalCars,
          ownerSuspended: row.ownerSuspended,
          replyMedian: row.replyMedian,
          replySample: row.replySample,
        }
      : null;
  }

  /** Dealers with an owner account that is (still) a dealer, verified first, then by name. */
  async listApproved(page: number, limit: number): Promise<{ dealers: DealerWithCounts[]; total: number }> {
    const approved = and(eq(users.role, 'dealer'), isNull(users.suspendedAt));
    const rows = await this.#db
      .select({ dealer: dealers, ...carCounts })
      .from(dealers)
      .innerJoin(users, eq(users.id, dealers.userId))
      .where(approved)
      .orderBy(desc(dealers.isVerified), dealers.name, dealers.id)
      .limit(limit)
      .offset((page - 1) * limit);
    const [count] = await this.#db
      .select({ total: sql<number>`count(*)::int` })
      .from(dealers)
      .innerJoin(users, eq(users.id, dealers.userId))
      .where(approved);
    return {
      dealers: rows.map((row) => ({
        ...row.dealer,
        activeCars: row.activeCars,
        totalCars: row.totalCars,
        ownerSuspended: row.ownerSuspended,
        replyMedian: row.replyMedian,
        replySample: row.replySample,
      })),
      total: count?.total ?? 0,
    };
  }

  async updateProfile(dealerId: string, values: DealerProfileUpdate, now: Date): Promise<void> {
    await this.#db
      .update(dealers)
      .set({ ...values, updatedAt: now })
      .where(eq(dealers.id, dealerId));
  }

  async findSellerAccount(userId: string): Promise<SellerAccount | null> {
    const [row] = await this.#db
      .select({
        id: users.id,
        role: users.role,
        name: users.name,
        phone: users.phone,
        isPrivateSeller: users.isPrivateSeller,
        dealerId: dealers.id,
      })
      .from(users)
      .leftJoin(dealers, eq(dealers.userId, users.id))
      .where(eq(users.id, userId))
      .limit(1);
    return row ?? null;
  }

  async latestApplication(userId: string): Promise<DealerApplicationRow | null> {
    const [row] = await this.#db
      .select()
      .from(dealerApplications)
      .where(and(eq(dealerApplications.userId, userId), sql`${dealerApplications.status} <> 'cancelled'`))
      .orderBy(desc(dealerApplications.createdAt), desc(dealerApplications.id))
      .limit(1);
    return row ?? null;
  }

  async findApplication(id: string): Promise<DealerApplicationRow | null> {
    const [row] = await this.#db
      .select()
      .from(dealerApplications)
      .where(eq(dealerApplications.id, id))
      .limit(1);
    return row ?? null;
  }

  /**
   * Stores a dealer application, or for a private seller an application approved at once together with the
   * account's private-seller flag, in one transaction. Answers null when the user already has an open one, which
   * the per-user advisory lock makes reliable under concurrent submissions.
   */
  async insertApplication(
    values: {
      userId: string;
      businessName: string | null;
      businessType: 'dealer' | 'private';
      location: string;
    },
    now: Date,
  ): Promise<DealerApplicationRow | null> {
    return this.#db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`dealer-application:${values.userId}`}))`);
      const [open] = await tx
        .select({ id: dealerApplications.id })
        .from(dealerApplications)
        .where(and(eq(dealerApplications.userId, values.userId), eq(dealerApplications.status, 'pending')))
        .limit(1);
      if (open) return null;
      const approvedAtOnce = values.businessType === 'private';
      const [row] = await tx
        .insert(dealerApplications)
        .values({
          ...values,
          status: approvedAtOnce ? 'approved' : 'pending',
          reviewedAt: approvedAtOnce ? now : null,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (approvedAtOnce) {
        await tx
          .update(users)
          .set({ isPrivateSeller: true, updatedAt: now })
          .where(eq(users.id, values.userId));
      }
      return row ?? null;
    });
  }

  /** Cancels the user's pending application; answers whether there was one. */
  async cancelPending(userId: string, now: Date): Promise<boolean> {
    const rows = await this.#db
      .update(dealerApplications)
      .set({ status: 'cancelled', updatedAt: now })
      .where(and(eq(dealerApplications.userId, userId), eq(dealerApplications.status, 'pending')))
      .returning({ id: dealerApplications.id });
    return rows.length > 0;
  }

  async listPending(): Promise<PendingApplication[]> {
    const rows = await this.#db
      .select({
        application: dealerApplications,
        applicantName: users.name,
        applicantPhone: users.phone,
        applicantEmail: users.email,
      })
      .from(dealerApplications)
      .innerJoin(users, eq(users.id, dealerApplications.userId))
      .where(eq(dealerApplications.status, 'pending'))
      .orderBy(dealerApplications.createdAt, dealerApplications.id);
    return rows.map((row) => ({
      ...row.application,
      applicantName: row.applicantName,
      applicantPhone: row.applicantPhone,
      applicantEmail: row.applicantEmail,
    }));
  }

  /**
   * Approves a dealer application: marks it approved, creates the dealers row (kept if one exists) and makes the
   * account a dealer, all or nothing. Approving an approved application again changes nothing.
   */
  async approve(
    applicationId: string,
    reviewerId: string,
    now: Date,
  ): Promise<{ application: DealerApplicationRow; dealer: DealerRow } | null> {
    return this.#db.transaction(async (tx) => {
      const [application] = await tx
        .select()
        .from(dealerApplications)
        .where(eq(dealerApplications.id, applicationId))
        .for('update');
      if (!application) return null;
      let current = application;
      if (application.status !== 'approved') {
        const [updated] = await tx
          .update(dealerApplications)
          .set({ status: 'approved', reviewedBy: reviewerId, reviewedAt: now, updatedAt: now })
          .where(eq(dealerApplications.id, applicationId))
          .returning();
        if (updated) current = updated;
      }
      const [account] = await tx
        .select({ name: users.name, phone: users.phone, email: users.email, role: users.role })
        .from(users)
        .where(eq(users.id, application.userId));
      await tx
        .insert(dealers)
        .values({
          userId: application.userId,
          name: application.businessName ?? account?.name ?? 'Dealer',
          location: application.location,
          phone: account?.phone ?? null,
          email: account?.email ?? null,
          // 'Verified Dealer' means an admin approved the dealership (docs/cars-and-dealers.md).
          isVerified: true,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoUpdate({ target: dealers.userId, set: { isVerified: true } });
      // An admin stays an admin; anyone else becomes a dealer.
      if (account && account.role !== 'admin' && account.role !== 'dealer') {
        await tx
          .update(users)
          .set({ role: 'dealer', updatedAt: now })
          .where(eq(users.id, application.userId));
      }
      const [dealer] = await tx.select().from(dealers).where(eq(dealers.userId, application.userId));
      if (!dealer) throw new Error('dealer row missing after approval');
      return { application: current, dealer };
    });
  }

  async reject(
    applicationId: string,
    reviewerId: string,
    reviewNotes: string | null,
    now: Date,
  ): Promise<DealerApplicationRow | null> {
    const [row] = await this.#db
      .update(dealerApplications)
      .set({ status: 'rejected', reviewNotes, reviewedBy: reviewerId, reviewedAt: now, updatedAt: now })
      .where(and(eq(dealerApplications.id, applicationId), eq(dealerApplications.status, 'pending')))
      .returning();
    return row ?? null;
  }
}
