import type { NotificationAnswer } from '@autoreel/core';
import type { NotificationRow } from './notification.repository.ts';

export function presentNotification(row: NotificationRow): NotificationAnswer {
  return {
    id: row.id,
    kind: row.kind as NotificationAnswer['kind'],
    title: row.title,
    body: row.body,
    link: row.link,
    readAt: row.readAt ? row.readAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}
