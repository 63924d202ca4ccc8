import { describe, expect, it } from 'vitest';
import type { SearchableConversation } from './conversation-search.ts';
import { conversationSearchText, searchConversations } from './conversation-search.ts';

const thabo = {
  id: '1',
  participant: { name: 'Thabo Motors' },
  latestMessage: { message: 'Is the price negotiable?' },
  car: { year: 2021, make: 'Toyota', model: 'Hilux' },
};
const lerato = {
  id: '2',
  participant: { name: 'Lerato' },
  lastMessage: 'See you at the SHOWROOM',
  car: null,
};
const empty: SearchableConversation & { id: string } = { id: '3' };
const all: (SearchableConversation & { id: string })[] = [thabo, lerato, empty];

describe('searchConversations', () => {
  it('keeps all for a blank query', () => {
    expect(searchConversations(all, '')).toEqual(all);
    expect(searchConversations(all, '   ')).toEqual(all);
  });

  it('matches the participant name, any case', () => {
    expect(searchConversations(all, 'thabo')).toEqual([thabo]);
    expect(searchConversations(all, 'LERATO')).toEqual([lerato]);
  });

  it('matches latestMessage or lastMessage text', () => {
    expect(searchConversations(all, 'negotiable')).toEqual([thabo]);
    expect(searchConversations(all, 'showroom')).toEqual([lerato]);
  });

  it("matches 'year make model' across the words", () => {
    expect(searchConversations(all, '2021 toyota hilux')).toEqual([thabo]);
    expect(searchConversations(all, 'toyota hilux')).toEqual([thabo]);
    expect(searchConversations(all, ' hilux ')).toEqual([thabo]);
  });

  it('finds nothing when nothing matches', () => {
    expect(searchConversations(all, 'bmw')).toEqual([]);
  });

  it('prefers latestMessage over lastMessage', () => {
    expect(conversationSearchText({ latestMessage: 'new', lastMessage: 'old' })).toEqual(['', 'new', '']);
    expect(conversationSearchText({ latestMessage: null, lastMessage: { message: 'old' } })).toEqual([
      '',
      'old',
      '',
    ]);
    expect(conversationSearchText({ lastMessage: {} })).toEqual(['', '', '']);
    expect(conversationSearchText({ car: { make: 'Audi', model: '', year: null } })).toEqual([
      '',
      '',
      'Audi',
    ]);
  });
});
