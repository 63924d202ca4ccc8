import type { ActivityMetric } from '@autoreel/core';

/** How each metric is named and drawn, the same in every chart and card. */
export const METRIC_STYLE: Readonly<Record<ActivityMetric, { label: string; unit: string; color: string }>> =
  {
    views: { label: 'Views', unit: 'view', color: '#2563eb' },
    likes: { label: 'Likes', unit: 'like', color: '#f26a21' },
    comments: { label: 'Comments', unit: 'comment', color: '#7c3aed' },
    contacts: { label: 'Contacts', unit: 'contact', color: '#16a34a' },
    messages: { label: 'Messages', unit: 'message', color: '#0f766e' },
  };
