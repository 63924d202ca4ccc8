import type { Notify } from '../notifications/notify.ts';
import type { SharePlatform } from '@autoreel/core';
import { invalidInput, notFound } from '../errors.ts';
import type { CarCounts, CommentRow, SocialRepository } from './social.repository.ts';
import { mediaUrl, type MediaUrlConfig } from '../media/media-url.ts';
import { assertStorableText } from '../shared/plain-text.ts';
import type { LimitRule, RateLimit } from '../shared/rate-limits.ts';

interface PageQuery {
  page: number;
  limit: number;
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids come from the URL: one that cannot exist is simply not found (never a database error). */
export function isUuid(id: string): boolean {
  return UUID_PATTERN.test(id);
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * One signed-out view per network address per car per hour, whatever client ids it sends: a client id is the
 * client's to pick, so fresh ids alone would pump a count (docs/SECURITY.md, 'View counts'). Kept in the shared
 * limit store (never in car_views), so addresses are not stored with views and the rule holds across processes.
 */
export const VIEWS_PER_ADDRESS: LimitRule = { points: 1, durationSeconds: 60 * 60 };

/** Who is viewing: the signed-in user, else the device's client id, else (old clients) the network address. */
export type Viewer = { userId: string } | { clientId: string } | { ip: string };

export interface CommentView {
  id: string;
  _id: string;
  carId: string;
  parentId: string | null;
  userId: string;
  userName: string;
  userAvatar: string | null;
  comment: string;
  createdAt: string;
  likes: number;
  isLiked: boolean;
}

export interface CommentWithReplies extends CommentView {
  replies: CommentView[];
}

export interface CarStats {
  likes: number;
  /** The same figure as likes: clients read either name (SPEC 3 'Car stats by car id'). */
  totalLikes: number;
  /** Comments and replies together. */
  comments: number;
  views: number;
  shares: number;
  isLiked: boolean;
}

/** Likes, views, comments and shares of cars (SPEC 7 'Social'). */
export class SocialService {
  readonly #repo: SocialRepository;
  readonly #media: MediaUrlConfig;
  readonly #now: () => Date;
  readonly #addressViews: RateLimit;
  readonly #notify: Notify;

  constructor(
    repo: SocialRepository,
    options: { media: MediaUrlConfig; now: () => Date; addressViews: RateLimit; notify?: Notify },
  ) {
    this.#notify = options.notify ?? (async () => undefined);
    this.#repo = repo;
    this.#media = options.media;
    this.#now = options.now;
    this.#addressViews = options.addressViews;
  }

  async #requireCar(carId: string): Promise<void> {
    if (!isUuid(carId) || !(await this.#repo.carExists(carId))) throw notFound('Car not found');
  }

  async #requireComment(commentId: string): Promise<CommentRow> {
    const comment = isUuid(commentId) ? await this.#repo.findComment(commentId) : undefined;
    if (!comment) throw notFound('Comment not found');
    return comment;
  }

  async toggleLike(userId: string, carId: string) {
    await this.#requireCar(carId);
    return this.#repo.toggleCarLike(userId, carId);
  }

  async likes(carId: string, page: PageQuery) {
    await this.#requireCar(carId);
    const [total, likers] = await Promise.all([
      this.#repo.countCarLikes(carId),
      this.#repo.listLikers(carId, (page.page - 1) * page.limit, page.limit),
    ]);
    return {
      totalLikes: total,
      likers: likers.map((l) => ({
        id: l.id,
        _id: l.id,
        name: l.name,
        avatar: l.avatarKey ? mediaUrl(l.avatarKey, this.#media) : null,
        likedAt: l.likedAt.toISOString(),
      })),
      page: page.page,
      limit: page.limit,
      total,
    };
  }

  /**
   * A signed-in viewer counts once per hour per car; a signed-out one once per client id and, whatever ids it sends,
   * once per network address (`address`: the request's, which is the client's behind a trusted proxy). Signed-in
   * views are not held to the address: accounts cost a verified phone each, and many honest people share an address
   * (mobile carriers' NAT).
   */
  async recordView(carId: string, viewer: Viewer, address: string) {
    await this.#requireCar(carId);
    const hourBucket = Math.floor(this.#now().getTime() / HOUR_MS);
    if (!('userId' in viewer)) {
      // Keyed by the hour too, so the address's hour is the same hour as the views' buckets.
      const verdict = await this.#addressViews.hit(`${carId} ${address} ${hourBucket}`);
      if (!verdict.allowed) return { views: await this.#repo.countViews(carId) };
    }
    const key =
      'userId' in viewer
        ? `user:${viewer.userId}`
        : 'clientId' in viewer
          ? `client:${viewer.clientId}`
          : `ip:${viewer.ip}`;
    return { views: await this.#repo.recordView(carId, key, hourBucket) };
  }

  async views(carId: string) {
    await this.#requireCar(carId);
    return { views: await this.#repo.countViews(carId) };
  }

  async share(carId: string, userId: string | null, platform: SharePlatform | null) {
    await this.#requireCar(carId);
    return { shares: await this.#repo.recordShare(carId, userId, platform) };
  }

  async comments(carId: string, viewerId: string | null, page: PageQuery) {
    await this.#requireCar(carId);
    const [total, topLevel] = await Promise.all([
      this.#repo.countTopLevelComments(carId),
      this.#repo.listTopLevelComments(carId, (page.page - 1) * page.limit, page.limit),
    ]);
    const replies = await this.#repo.listReplies(topLevel.map((c) => c.id));
    const likeState = await this.#repo.commentLikeState(
      [...topLevel, ...replies].map((c) => c.id),
      viewerId,
    );
    const view = (row: CommentRow): CommentView => this.#present(row, likeState);
    return {
      comments: topLevel.map((c): CommentWithReplies => ({
        ...view(c),
        replies: replies.filter((r) => r.parentId === c.id).map(view),
      })),
      page: page.page,
      limit: page.limit,
      total,
    };
  }

  async addComment(userId: string, carId: string, text: string): Promise<CommentWithReplies> {
    assertStorableText({ comment: text });
    await this.#requireCar(carId);
    const id = await this.#repo.insertComment({ carId, userId, parentId: null, comment: text });
    return { ...(await this.#presentById(id, userId)), replies: [] };
  }

  /**
   * Threads are one level deep, as the comments sheet shows them: a reply to a reply is attached to the
   * top-level comment it belongs to.
   */
  async reply(userId: string, commentId: string, text: string): Promise<CommentView> {
    assertStorableText({ comment: text });
    const target = await this.#requireComment(commentId);
    const parentId = target.parentId ?? target.id;
    const id = await this.#repo.insertComment({ carId: target.carId, userId, parentId, comment: text });
    const answer = await this.#presentById(id, userId);
    // The author of the comment replied to is told, unless they replied to themselves.
    if (target.userId !== userId) {
      await this.#notify({
        userId: target.userId,
        kind: 'comment_reply',
        title: `${answer.userName} replied to your comment`,
        body: text,
        link: `/cars/${target.carId}`,
        dedupeKey: `comment_reply:${id}`,
      });
    }
    return answer;
  }

  async toggleCommentLike(userId: string, commentId: string) {
    await this.#requireComment(commentId);
    return this.#repo.toggleCommentLike(userId, commentId);
  }

  async stats(carId: string, viewerId: string | null): Promise<CarStats> {
    await this.#requireCar(carId);
    const map = await this.#statsFor([carId], viewerId);
    const stats = map.get(carId);
    if (!stats) throw notFound('Car not found');
    return stats;
  }

  /** Stats of every existing car among the ids, keyed by id; unknown ids are left out. */
  async statsBatch(carIds: string[], viewerId: string | null): Promise<Record<string, CarStats>> {
    // Ids that are not UUIDs cannot name a car; they are left out like any other unknown id.
    const existing = [...(await this.#repo.existingCarIds(unique(carIds).filter(isUuid)))];
    return Object.fromEntries(await this.#statsFor(existing, viewerId));
  }

  async likeStatusBatch(carIds: string[], viewerId: string | null) {
    const stats = await this.statsBatch(carIds, viewerId);
    return Object.fromEntries(
      Object.entries(stats).map(([id, s]) => [id, { isLiked: s.isLiked, totalLikes: s.totalLikes }]),
    );
  }

  async #statsFor(carIds: string[], viewerId: string | null): Promise<Map<string, CarStats>> {
    const [counts, liked] = await Promise.all([
      this.#repo.countsByCar(carIds),
      viewerId ? this.#repo.likedCarIds(viewerId, carIds) : Promise.resolve(new Set<string>()),
    ]);
    const result = new Map<string, CarStats>();
    for (const [id, c] of counts) result.set(id, toStats(c, liked.has(id)));
    return result;
  }

  async #presentById(commentId: string, viewerId: string): Promise<CommentView> {
    const row = await this.#repo.findComment(commentId);
    if (!row) throw invalidInput('Comment could not be stored');
    return this.#present(row, await this.#repo.commentLikeState([row.id], viewerId));
  }

  #present(
    row: CommentRow,
    likeState: { counts: Map<string, number>; likedByViewer: Set<string> },
  ): CommentView {
    return {
      id: row.id,
      _id: row.id,
      carId: row.carId,
      parentId: row.parentId,
      userId: row.userId,
      userName: row.userName,
      userAvatar: row.userAvatarKey ? mediaUrl(row.userAvatarKey, this.#media) : null,
      comment: row.comment,
      createdAt: row.createdAt.toISOString(),
      likes: likeState.counts.get(row.id) ?? 0,
      isLiked: likeState.likedByViewer.has(row.id),
    };
  }
}

function toStats(c: CarCounts, isLiked: boolean): CarStats {
  return {
    likes: c.likes,
    totalLikes: c.likes,
    comments: c.comments,
    views: c.views,
    shares: c.shares,
    isLiked,
  };
}

function unique(ids: string[]): string[] {
  return [...new Set(ids.map((id) => id.toLowerCase()))];
}
