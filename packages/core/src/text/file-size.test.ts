import { describe, expect, it } from 'vitest';
import { fileSizeLabel } from './file-size.ts';

describe('fileSizeLabel', () => {
  it('says kilobytes under a megabyte and megabytes from one up', () => {
    expect(fileSizeLabel(32 * 1024)).toBe('32 KB');
    expect(fileSizeLabel(200)).toBe('1 KB');
    expect(fileSizeLabel(1023 * 1024)).toBe('1023 KB');
    expect(fileSizeLabel(1024 * 1024)).toBe('1.0 MB');
    expect(fileSizeLabel(48.25 * 1024 * 1024)).toBe('48.3 MB');
  });
});
