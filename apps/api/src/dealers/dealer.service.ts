import {
  DEFAULT_BUSINESS_HOURS,
  DealerApplicationCreateBodySchema,
  type CarListQuery,
  type DealerProfileUpdateBody,
  type PageQuery,
} from '@autoreel/core';
import { invalidInput, conflict, forbidden, notFound, type FieldError } from '../errors.ts';
import type {
  DealerApplicationRow,
  DealerProfileUpdate,
  DealerRepository,
  DealerWithCounts,
  PendingApplication,
} from './dealer.repository.ts';
import type { AuthUser } from '../accounts/access-token.service.ts';
import { isUuid } from '../cars/car-cursor.ts';
import type { CarService } from '../cars/car.service.ts';

export const REJECTED_MESSAGE = 'Your application was rejected. Please contact support.';
export const NOT_A_DEALER_MESSAGE =
  'Access Denied - You need to be signed in as a dealer to access this page';

function presentDealer(dealer: DealerWithCounts) {
  return {
    id: dealer.id,
    _id: dealer.id,
    userId: dealer.userId,
    type: 'dealer' as const,
    name: dealer.name,
    email: dealer.email,
    phone: dealer.phone,
    location: dealer.location,
    businessLicense: dealer.businessLicense,
    businessHours: { ...DEFAULT_BUSINESS_HOURS, ...(dealer.businessHours ?? {}) },
    isVerified: dealer.isVerified,
    verified: dealer.isVerified,
    rating: dealer.rating,
    reviewCount: dealer.reviewCount,
    carCount: dealer.activeCars,
    activeCars: dealer.activeCars,
    totalCars: dealer.totalCars,
    createdAt: dealer.createdAt.toISOString(),
    updatedAt: dealer.updatedAt.toISOString(),
  };
}

export type DealerDto = ReturnType<typeof presentDealer>;

function presentApplication(application: DealerApplicationRow) {
  return {
    id: application.id,
    _id: application.id,
    userId: application.userId,
    status: application.status,
    businessName: application.businessName ?? '',
    businessType: application.businessType,
    location: application.location,
    reviewNotes: application.reviewNotes,
    reviewedAt: application.reviewedAt?.toISOString() ?? null,
    createdAt: application.createdAt.toISOString(),
    updatedAt: application.updatedAt.toISOString(),
  };
}

function presentPending(application: PendingApplication) {
  return {
    ...presentApplication(application),
    applicantName: application.applicantName,
    applicantPhone: application.applicantPhone,
    applicantEmail: application.applicantEmail,
    applicant: {
      id: application.userId,
      _id: application.userId,
      name: application.applicantName,
      phone: application.applicantPhone,
      email: application.applicantEmail,
    },
  };
}

/** The client's form calls the dealership name dealerName; errors are keyed the way the form shows them (SPEC 5). */
const FIELD_NAMES: Record<string, string> = { businessName: 'dealerName' };

/**
 * Dealers and seller applications.
 *
 * Approval takes the APPLICATION id (what GET /dealers/admin/pending lists): the dealers row does not exist until the
 * application is approved. Approving creates that row and makes the account a dealer; approving again changes nothing.
 * Private-seller registrations are approved at once and need no admin.
 */
export class DealerService {
  readonly #dealers: DealerRepository;
  readonly #cars: CarService;
  readonly #now: () => Date;

  constructor(options: { dealers: DealerRepository; cars: CarService; now: () => Date }) {
    this.#dealers = options.dealers;
    this.#cars = options.cars;
    this.#now = options.now;
  }

  async list(query: PageQuery) {
    const { dealers, total } = await this.#dealers.listApproved(query.page, query.limit);
    return { dealers: dealers.map(presentDealer), page: query.page, limit: query.limit, total };
  }

  async #find(id: string): Promise<DealerWithCounts> {
    const dealer = isUuid(id) ? await this.#dealers.findById(id) : null;
    if (!dealer) throw notFound('Dealer not found');
    return dealer;
  }

  /** A dealer as anyone may see it: a suspended owner's dealership answers as if it did not exist. */
  async #findPublic(id: string): Promise<DealerWithCounts> {
    const dealer = await this.#find(id);
    if (dealer.ownerSuspended) throw notFound('Dealer not found');
    return dealer;
  }

  async get(id: string): Promise<DealerDto> {
    return presentDealer(await this.#findPublic(id));
  }

  /** A dealer's active cars; its owner sees every status (the dashboard's inventory). */
  async cars(id: string, query: CarListQuery, caller: AuthUser | null) {
    const dealer = await this.#findPublic(id);
    const isOwner = caller?.id === dealer.userId;
    return this.#cars.list(
      query,
      isOwner ? { dealerId: dealer.id, statuses: undefined } : { dealerId: dealer.id },
    );
  }

  async #own(user: AuthUser): Promise<DealerWithCounts> {
    const dealer = await this.#dealers.findByUserId(user.id);
    // The dealers row, not the token's role, decides: a token signed before approval still says customer.
    if (!dealer) throw forbidden(NOT_A_DEALER_MESSAGE);
    return dealer;
  }

  async getMine(user: AuthUser): Promise<DealerDto> {
    return presentDealer(await this.#own(user));
  }

  async updateMine(user: AuthUser, body: DealerProfileUpdateBody): Promise<DealerDto> {
    const dealer = await this.#own(user);
    if (body.location === null) {
      throw invalidInput('Location is required', [{ field: 'location', message: 'Location is required' }]);
    }
    const values: DealerProfileUpdate = {};
    if (body.name !== undefined) values.name = body.name;
    if (body.email !== undefined) values.email = body.email;
    if (body.phone !== undefined) values.phone = body.phone;
    if (body.location !== undefined) values.location = body.location;
    if (body.businessLicense !== undefined) values.businessLicense = body.businessLicense;
    await this.#dealers.updateProfile(dealer.id, values, this.#now());
    return this.getMine(user);
  }

  async pending() {
    return { applications: (await this.#dealers.listPending()).map(presentPending) };
  }

  async approve(admin: AuthUser, applicationId: string) {
    const application = isUuid(applicationId) ? await this.#dealers.findApplication(applicationId) : null;
    if (!application) throw notFound('Application not found');
    if (application.businessType !== 'dealer') {
      throw conflict('Private seller registrations are approved automatically');
    }
    if (application.status === 'cancelled') throw conflict('This application was cancelled');
    const result = await this.#dealers.approve(applicationId, admin.id, this.#now());
    if (!result) throw notFound('Application not found');
    const dealer = await this.#find(result.dealer.id);
    return { application: presentApplication(result.application), dealer: presentDealer(dealer) };
  }

  async reject(admin: AuthUser, applicationId: string, reviewNotes: string | undefined) {
    const application = isUuid(applicationId) ? await this.#dealers.findApplication(applicationId) : null;
    if (!application) throw notFound('Application not found');
    if (application.status === 'rejected') return { application: presentApplication(application) };
    if (application.status !== 'pending') throw conflict(`This application is already ${application.status}`);
    const rejected = await this.#dealers.reject(applicationId, admin.id, reviewNotes ?? null, this.#now());
    if (!rejected) throw conflict('This application was changed meanwhile; reload and try again');
    return { application: presentApplication(rejected) };
  }

  /**
   * SPEC 4 dealer application. Checked in this order: the body (400, fields dealerName and location), an existing
   * dealer (409), a rejected last application (403), an open one (409).
   */
  async apply(user: AuthUser, raw: unknown) {
    const body = typeof raw === 'object' && raw !== null ? { ...(raw as Record<string, unknown>) } : {};
    if (body['businessName'] === undefined && body['dealerName'] !== undefined)
      body['businessName'] = body['dealerName'];
    const parsed = DealerApplicationCreateBodySchema.safeParse(body);
    if (!parsed.success) {
      const errors: FieldError[] = parsed.error.issues.map((issue) => {
        const field = issue.path.map(String).join('.') || 'body';
        return { field: FIELD_NAMES[field] ?? field, message: issue.message };
      });
      throw invalidInput('Please fix the errors below.', errors);
    }
    const account = await this.#dealers.findSellerAccount(user.id);
    if (!account) throw notFound('Account not found');
    if (account.role === 'dealer' && account.dealerId) throw conflict('You are already a dealer');
    const latest = await this.#dealers.latestApplication(user.id);
    if (latest?.status === 'rejected') throw forbidden(REJECTED_MESSAGE);
    if (latest?.status === 'pending') throw conflict('You already have an application under review');
    const { businessType, location } = parsed.data;
    if (businessType === 'private' && account.isPrivateSeller) {
      throw conflict('You are already registered as a private seller');
    }
    const application = await this.#dealers.insertApplication(
      {
        userId: user.id,
        businessName: parsed.data.businessName ?? (businessType === 'private' ? account.name : null),
        businessType,
        location,
      },
      this.#now(),
    );
    if (!application) throw conflict('You already have an application under review');
    return presentApplication(application);
  }

  async myApplication(user: AuthUser) {
    const latest = await this.#dealers.latestApplication(user.id);
    return latest ? presentApplication(latest) : null;
  }

  async cancel(user: AuthUser) {
    const cancelled = await this.#dealers.cancelPending(user.id, this.#now());
    if (!cancelled) throw notFound('No pending application to cancel');
    return { cancelled: true };
  }
}
