import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { rgbaToThumbHash } from 'thumbhash';
import { act as hydrateAct } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryHost } from '../testing/api-server.test-support.ts';
import { TestProviders } from '../testing/providers.tsx';
import { ResponsivePhoto } from './ResponsivePhoto.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

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

/**
 * The page's observer of what is on screen, driven by the test: the DOM under test lays nothing out, so the test
 * says when a photo comes on screen.
 */
function stubScreenObserver(): (element: Element) => void {
  const watchers: { report: IntersectionObserverCallback; element?: Element }[] = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      private readonly watcher: (typeof watchers)[number];
      constructor(report: IntersectionObserverCallback) {
        this.watcher = { report };
        watchers.push(this.watcher);
      }
      observe(element: Element) {
        this.watcher.element = element;
      }
      disconnect() {}
    },
  );
  return (element) => {
    const watcher = watchers.find((w) => w.element === element);
    if (!watcher) throw new Error('The photo is not watched');
    act(() =>
      watcher.report(
        [{ isIntersecting: true, target: element } as unknown as IntersectionObserverEntry],
        {} as IntersectionObserver,
      ),
    );
  };
}

describe('ResponsivePhoto placeholder', () => {
  it('is decoded after the first render, shown until the photo loads, and drawn at once the next time', async () => {
    const showOnScreen = stubScreenObserver();
    const hash = thumbhashOf(200);
    const first = renderPhoto(hash, 'first');
    // The render that puts the card on screen does not decode it...
    expect(background(first)).toBe('');
    // ...a task of its own does once it is on screen, since the photo has not loaded.
    showOnScreen(first);
    await waitFor(() => expect(background(first)).toMatch(/^url\("data:image\/png;base64,/));
    fireEvent.load(first);
    expect(background(first)).toBe('');

    // The same photo again (a card scrolled back into view): the placeholder is drawn in its first render.
    const again = renderPhoto(hash, 'again');
    expect(background(again)).toMatch(/^url\("data:image\/png;base64,/);
  });

  it('is not decoded for a photo already there when it comes on screen', async () => {
    const showOnScreen = stubScreenObserver();
    const img = renderPhoto(thumbhashOf(20), 'cached');
    Object.defineProperty(img, 'complete', { value: true });
    Object.defineProperty(img, 'naturalWidth', { value: 640 });
    showOnScreen(img);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(background(img)).toBe('');
  });

  it('waits until the photo is on screen: a hidden slide or a card below the fold decodes nothing', async () => {
    const showOnScreen = stubScreenObserver();
    const img = renderPhoto(thumbhashOf(90), 'below the fold');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(background(img)).toBe('');
    showOnScreen(img);
    await waitFor(() => expect(background(img)).toMatch(/^url\("data:image\/png;base64,/));
  });
});

describe('ResponsivePhoto rendered by the server', () => {
  it('tells its load handler once hydrated when the photo loaded before, and a photo drawn later is told once', () => {
    const { host } = memoryHost();
    const onLoad = vi.fn();
    const photo = (
      <TestProviders host={host} baseUrl="http://api.test">
        <ResponsivePhoto photo={{ src: '/media/cars/c1/p.jpg' }} sizes="100vw" alt="poster" onLoad={onLoad} />
      </TestProviders>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(photo);
    document.body.append(container);
    // The photo arrived while the page had no app yet: its load event went unheard.
    const img = container.querySelector('img')!;
    Object.defineProperty(img, 'complete', { value: true });
    Object.defineProperty(img, 'naturalWidth', { value: 640 });
    let root: Root | undefined;
    hydrateAct(() => {
      root = hydrateRoot(container, photo);
    });
    expect(onLoad).toHaveBeenCalledTimes(1);
    hydrateAct(() => root!.unmount());
    container.remove();

    // Drawn by the app itself: the browser's own load event is the one heard.
    const drawn = vi.fn();
    const { host: other } = memoryHost();
    render(
      <TestProviders host={other} baseUrl="http://api.test">
        <ResponsivePhoto photo={{ src: '/media/cars/c1/p.jpg' }} sizes="100vw" alt="drawn" onLoad={drawn} />
      </TestProviders>,
    );
    expect(drawn).not.toHaveBeenCalled();
    fireEvent.load(screen.getByRole('img', { name: 'drawn' }));
    expect(drawn).toHaveBeenCalledTimes(1);
  });
});
