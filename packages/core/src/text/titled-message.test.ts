import { expect, it } from 'vitest';
import { titledText } from './titled-message.ts';

it("joins title and message with ' - '", () => {
  expect(titledText({ title: 'Video Required', message: 'Please add a video' })).toBe(
    'Video Required - Please add a video',
  );
});
