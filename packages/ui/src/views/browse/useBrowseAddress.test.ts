import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetNavigation, useNavigation } from '../../state/navigation.ts';
import { EMPTY_FILTERS } from './FilterPanel.tsx';
import { readBrowseQuery, useBrowseAddress } from './useBrowseAddress.ts';
import { useBrowseState } from './useBrowseState.ts';

beforeEach(() => {
  resetNavigation();
  useBrowseState.getState().reset();
});

describe('useBrowseAddress', () => {
  it('keeps a field typed while another settles, though the settled one goes in after the keystroke', () => {
    const { result } = renderHook(() => useBrowseAddress());
    act(() => result.current.change({ ...EMPTY_FILTERS, minPrice: '100000' }));
    // The render whose effect applies the settled minimum: the effect runs after it has painted, and the next
    // keystroke, in the maximum, can be handled before it.
    const settling = result.current;
    act(() => result.current.change({ ...result.current.form, maxPrice: '90000' }));
    act(() => settling.applyTyped({ ...EMPTY_FILTERS, minPrice: '100000' }));

    const applied = readBrowseQuery(useNavigation.getState().browseQuery).form;
    expect(applied.minPrice).toBe('100000');
    expect(applied.maxPrice).toBe('');
    expect(result.current.form.minPrice).toBe('100000');
    expect(result.current.form.maxPrice).toBe('90000');
  });
});
