import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { rgbaToThumbHash } from 'thumbhash';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryHost } from '../testing/api-server.test-support.ts';
import { TestProviders } from '../testing/providers.tsx';
import { ResponsivePhoto } from './ResponsivePhoto.tsx';

afterEach(() => cleanup());

/** A thumbhash as the API sends it (base64url) of a small image in one colour. */
function thumbhashOf(red: number): string {
  const rgba = new Uint8Array(8 * 8 * 4).map((_, i) => (i % 4 === 0 ? red : 255));
  return btoa(String.fromCharCode(...rgbaToThumbHash(8, 8, rgba)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

function renderPhoto(placeholder: string, alt: string) {
  const { host } = memoryHost();
  render(
    <TestProviders host={host} baseUrl="http://api.test">
      <ResponsivePhoto photo={{ src: '/media/cars/c1/p.jpg', placeholder }} sizes="100vw" alt={alt} />
    </TestProviders>,
  );
  return screen.getByRole('img', { name: alt });
}

const background = (img: HTMLElement) => img.style.backgroundImage;

describe('ResponsivePhoto placeholder', () => {
  it('is decoded after the first render, shown until the photo loads, and drawn at once the next time', async () => {
    const hash = thumbhashOf(200);
    const first = renderPhoto(hash, 'first');
    // The render that puts the card on screen does not decode it...
    expect(background(first)).toBe('');
    // ...a task of its own does, since the photo has not loaded.
    await waitFor(() => expect(background(first)).toMatch(/^url\("data:image\/png;base64,/));
    fireEvent.load(first);
    expect(background(first)).toBe('');

    // The same photo again (a card scrolled back into view): the placeholder is drawn in its first render.
    const again = renderPhoto(hash, 'again');
    expect(background(again)).toMatch(/^url\("data:image\/png;base64,/);
  });

  it('is not decoded for a photo already there when the render is over', async () => {
    const img = renderPhoto(thumbhashOf(20), 'cached');
    Object.defineProperty(img, 'complete', { value: true });
    Object.defineProperty(img, 'naturalWidth', { value: 640 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(background(img)).toBe('');
  });
});
