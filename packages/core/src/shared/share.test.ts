import { describe, expect, it } from 'vitest';
import {
  LINK_COPIED_MESSAGE,
  carIdOf,
  carShareUrl,
  isUsableId,
  whatsappChatLink,
  whatsappShareLink,
} from './share.ts';

describe('carShareUrl', () => {
  it('builds {origin}/cars/{carId}', () => {
    expect(carShareUrl('https://autoreel.example', 'abc123')).toBe('https://autoreel.example/cars/abc123');
    expect(carShareUrl('https://autoreel.example/', 'abc123')).toBe('https://autoreel.example/cars/abc123');
    expect(carShareUrl('http://localhost:3000', 'a b')).toBe('http://localhost:3000/cars/a%20b');
  });

  it('has the clipboard message', () => {
    expect(LINK_COPIED_MESSAGE).toBe('Link copied to clipboard!');
  });
});

describe('whatsapp links', () => {
  it('shares text and url', () => {
    expect(whatsappShareLink('Look at this car', 'https://x.test/cars/1')).toBe(
      'https://wa.me/?text=Look%20at%20this%20car%20https%3A%2F%2Fx.test%2Fcars%2F1',
    );
    expect(whatsappShareLink('  ', 'https://x.test/cars/1')).toBe(
      'https://wa.me/?text=https%3A%2F%2Fx.test%2Fcars%2F1',
    );
  });

  it('opens a chat with a number', () => {
    expect(whatsappChatLink('+268 7612 3456')).toBe('https://wa.me/26876123456');
    expect(whatsappChatLink('+26876123456', 'Hi there')).toBe('https://wa.me/26876123456?text=Hi%20there');
    expect(whatsappChatLink('+26876123456', ' ')).toBe('https://wa.me/26876123456');
  });
});

describe('isUsableId', () => {
  it('rejects missing ids', () => {
    expect(isUsableId('undefined')).toBe(false);
    expect(isUsableId('null')).toBe(false);
    expect(isUsableId('')).toBe(false);
    expect(isUsableId('  ')).toBe(false);
    expect(isUsableId(null)).toBe(false);
    expect(isUsableId(undefined)).toBe(false);
    expect(isUsableId(Number.NaN)).toBe(false);
    expect(isUsableId({})).toBe(false);
  });

  it('accepts real ids', () => {
    expect(isUsableId('abc')).toBe(true);
    expect(isUsableId(7)).toBe(true);
  });

  it('reads a car id', () => {
    expect(carIdOf({ _id: 'a', id: 'b' })).toBe('a');
    expect(carIdOf({ _id: 'undefined', id: 'b' })).toBe('b');
    expect(carIdOf({ id: 3 })).toBe('3');
    expect(carIdOf({})).toBeNull();
    expect(carIdOf(null)).toBeNull();
  });
});
