import { describe, expect, it } from 'vitest';
import { escapeHtmlAttribute } from './html-attribute.ts';

describe('escapeHtmlAttribute', () => {
  it('leaves a value no quote or tag can come out of', () => {
    expect(escapeHtmlAttribute('/a?b=1&c="x"><script>')).toBe('/a?b=1&amp;c=&quot;x&quot;&gt;&lt;script&gt;');
    expect(escapeHtmlAttribute('/assets/start-Ck.js')).toBe('/assets/start-Ck.js');
  });
});
