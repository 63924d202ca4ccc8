import type { Notify } from '../notifications/notify.ts';
import {
  DEFAULT_BUSINESS_HOURS,
  DealerApplicationCreateBodySchema,
  type CarListQuery,
  type DealerProfileUpdateBody,
  type PageQuery,
  replyTimeOf,
} from '@autoreel/core';
import { AppError, invalidInput, conflict, forbidden, notFound, type FieldError } from '../errors.ts';
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
import type { OtpService } from '../accounts/otp.service.ts';

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
    replyTime: replyTimeOf(dealer.replyMedian, dealer.replySample),
    createdAt: dealer.createdAt.toISOString(),
    updatedAt: dealer.updatedAt.toISOString(),
  };
}

export type DealerDto = ReturnType<typeof presentDealer>;

/** The dealer's own profile: also the changes that wait (a code to the new phone, the desk's review of a name). */
function presentOwnDealer(dealer: DealerWithCounts) {
  return { ...presentDealer(dealer), pendingName: dealer.pendingName, pendingPhone: dealer.pendingPhone };
}

export type OwnDealerDto = ReturnType<typeof presentOwnDealer>;

export const NO_PHONE_CHANGE_MESSAGE = 'No new phone is waiting for a code: change the phone first';

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
  readonly #otp: OtpService;
  readonly #onListingsChanged: () => void;
  readonly #now: () => Date;
  readonly #notify: Notify;

  constructor(options: {
    dealers: DealerRepository;
    cars: CarService;
    otp: OtpService;
    /** Told when what listings show of a dealership (name, phone) changed, so cached car answers go at once. */
    onListingsChanged: () => void;
    now: () => Date;
    /** Tells an applicant of the decision. */
    notify?: Notify;
  }) {
    this.#notify = options.notify ?? (async () => undefined);
    this.#dealers = options.dealers;
    this.#cars = options.cars;
    this.#otp = options.otp;
    this.#onListingsChanged = options.onListingsChanged;
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

  async getMine(user: AuthUser): Promise<OwnDealerDto> {
    return presentOwnDealer(await this.#own(user));
  }

  /**
   * Name and phone are what buyers trust a dealership by, so neither changes on its own say (docs/SECURITY.md,
   * 'A dealer's name and phone'): a new phone is held until the code sent to it comes back (`phoneCode`), and a
   * verified dealership's new name is held for the moderation desk. Until then listings show the old ones. A field
   * sent unchanged (the form sends every field) leaves what waits alone.
   */
  async updateMine(user: AuthUser, body: DealerProfileUpdateBody, ip: string | null): Promise<OwnDealerDto> {
    const dealer = await this.#own(user);
    if (body.location === null) {
      throw invalidInput('Location is required', [{ field: 'location', message: 'Location is required' }]);
    }
    const values: DealerProfileUpdate = {};
    if (body.name !== undefined && body.name !== dealer.name) {
      if (dealer.isVerified) values.pendingName = body.name;
      else Object.assign(values, { name: body.name, pendingName: null });
    }
    if (body.email !== undefined) values.email = body.email;
    if (body.location !== undefined) values.location = body.location;
    if (body.businessLicense !== undefined) values.businessLicense = body.businessLicense;
    if (body.phoneCode !== undefined) {
      const confirmed = await this.#confirmPhone(dealer.pendingPhone, body.phoneCode);
      Object.assign(values, { phone: confirmed, pendingPhone: null });
    }
    const phone = values.phone ?? dealer.phone;
    if (body.phone !== undefined && body.phone !== phone) {
      // The code goes out before anything is stored: a refused send (too many codes) changes nothing.
      await this.#otp.issue(body.phone, 'dealer_phone', ip);
      values.pendingPhone = body.phone;
    }
    await this.#dealers.updateProfile(dealer.id, values, this.#now());
    if (values.name !== undefined || values.phone !== undefined || values.location !== undefined) {
      this.#onListingsChanged();
    }
    return this.getMine(user);
  }

  /** The waiting phone, once the code sent to it is right; errors name the phoneCode field the form shows. */
  async #confirmPhone(pendingPhone: string | null, code: string): Promise<string> {
    if (!pendingPhone) {
      throw invalidInput(NO_PHONE_CHANGE_MESSAGE, [{ field: 'phoneCode', message: NO_PHONE_CHANGE_MESSAGE }]);
    }
    try {
      await this.#otp.verify(pendingPhone, 'dealer_phone', code);
    } catch (error) {
      if (!(error instanceof AppError) || error.kind !== 'invalid-input') throw error;
      throw invalidInput(error.message, [{ field: 'phoneCode', message: error.message }]);
    }
    return pendingPhone;
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
    await this.#notify({
      userId: application.userId,
      kind: 'application_decided',
      title: 'Your dealer application was approved',
      body: `${dealer.name ?? 'Your dealership'} can now list cars on AutoReel.`,
      link: '/dealer',
      dedupeKey: `application:${applicationId}:approved`,
    });
    return { application: presentApplication(result.application), dealer: presentDealer(dealer) };
  }

  async reject(admin: AuthUser, applicationId: string, reviewNotes: string | undefined) {
    const application = isUuid(applicationId) ? await this.#dealers.findApplication(applicationId) : null;
    if (!application) throw notFound('Application not found');
    if (application.status === 'rejected') return { application: presentApplication(application) };
    if (application.status !== 'pending') throw conflict(`This application is already ${application.status}`);
    const rejected = await this.#dealers.reject(applicationId, admin.id, reviewNotes ?? null, this.#now());
    if (!rejected) throw conflict('This application was changed meanwhile; reload and try again');
    await this.#notify({
      userId: application.userId,
      kind: 'application_decided',
      title: 'Your dealer application was not approved',
      body: reviewNotes?.trim() || 'Open Sell to see why and what you can do next.',
      link: '/sell',
      dedupeKey: `application:${applicationId}:rejected`,
    });
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
