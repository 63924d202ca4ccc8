import type { ReviewCreateBody } from '@autoreel/core';
import { forbidden, notFound } from '../errors.ts';
import type { DealerReviewRepository, ReviewRow } from './dealer-review.repository.ts';
import { assertStorableText } from '../shared/plain-text.ts';
import { isUuid } from '../social/social.service.ts';

function present(row: ReviewRow) {
  return {
    id: row.id,
    _id: row.id,
    dealerId: row.dealerId,
    userId: row.userId,
    userName: row.userName,
    rating: row.rating,
    comment: row.comment,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Dealer reviews (SPEC 7 'Dealers'): one per user per dealer, never by the dealer's own account. */
export class DealerReviewService {
  readonly #repo: DealerReviewRepository;
  readonly #now: () => Date;

  constructor(repo: DealerReviewRepository, now: () => Date) {
    this.#repo = repo;
    this.#now = now;
  }

  async #requireDealer(dealerId: string) {
    const dealer = isUuid(dealerId) ? await this.#repo.findDealer(dealerId) : undefined;
    if (!dealer) throw notFound('Dealer not found');
    return dealer;
  }

  async list(dealerId: string, page: { page: number; limit: number }) {
    const dealer = await this.#requireDealer(dealerId);
    const [total, rows] = await Promise.all([
      this.#repo.countReviews(dealerId),
      this.#repo.listReviews(dealerId, (page.page - 1) * page.limit, page.limit),
    ]);
    return {
      reviews: rows.map(present),
      page: page.page,
      limit: page.limit,
      total,
      averageRating: Number(dealer.rating),
      reviewCount: dealer.reviewCount,
    };
  }

  /** A second review by the same user replaces the first, so one person counts once in the average. */
  async save(userId: string, dealerId: string, body: ReviewCreateBody) {
    assertStorableText({ comment: body.comment });
    const dealer = await this.#requireDealer(dealerId);
    if (dealer.userId === userId) throw forbidden('You cannot review your own dealership');
    const saved = await this.#repo.upsertReview({
      dealerId,
      userId,
      rating: body.rating,
      comment: body.comment,
      now: this.#now(),
    });
    return {
      created: saved.created,
      data: { review: present(saved.review), averageRating: saved.rating, reviewCount: saved.reviewCount },
    };
  }
}
