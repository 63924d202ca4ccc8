import { describe, expect, it } from 'vitest';
import {
  FEATURE_DUPLICATE,
  FEATURE_REQUIRED,
  addCustomOption,
  addFeature,
  cleanFeatures,
  toggleFeature,
} from './feature-list.ts';

describe('addFeature', () => {
  it('adds a trimmed feature', () => {
    expect(addFeature(['Sunroof'], '  Heated seats ')).toEqual({ list: ['Sunroof', 'Heated seats'] });
  });

  it('refuses blanks', () => {
    expect(addFeature(['Sunroof'], '   ')).toEqual({ list: ['Sunroof'], error: FEATURE_REQUIRED });
    expect(addFeature([], '')).toEqual({ list: [], error: 'Please enter a feature' });
  });

  it('refuses duplicates in any case', () => {
    expect(addFeature(['Sunroof'], 'sunroof ')).toEqual({ list: ['Sunroof'], error: FEATURE_DUPLICATE });
    expect(FEATURE_DUPLICATE).toBe('This feature has already been added');
  });

  it('does not change the input list', () => {
    const list = ['A'];
    addFeature(list, 'B');
    expect(list).toEqual(['A']);
  });
});

describe('toggleFeature and cleanFeatures', () => {
  it('toggles', () => {
    expect(toggleFeature(['A'], 'B')).toEqual(['A', 'B']);
    expect(toggleFeature(['A', 'B'], 'A')).toEqual(['B']);
  });

  it('filters blanks on submit', () => {
    expect(cleanFeatures([' A ', '', '  ', null, undefined, 'B'])).toEqual(['A', 'B']);
    expect(cleanFeatures(undefined)).toEqual([]);
    expect(cleanFeatures(null)).toEqual([]);
  });
});

describe('addCustomOption', () => {
  it('requires a non-empty value', () => {
    expect(addCustomOption(['Toyota'], '  ', 'Make')).toEqual({
      options: ['Toyota'],
      selected: null,
      error: 'Make cannot be empty',
    });
    expect(addCustomOption([], '', 'Model').error).toBe('Model cannot be empty');
    expect(addCustomOption([], '').error).toBe('Value cannot be empty');
  });

  it('adds and selects a new value', () => {
    expect(addCustomOption(['Toyota'], ' Haval ', 'Make')).toEqual({
      options: ['Toyota', 'Haval'],
      selected: 'Haval',
    });
  });

  it('selects an existing value instead of duplicating it', () => {
    expect(addCustomOption(['Toyota'], 'toyota', 'Make')).toEqual({
      options: ['Toyota'],
      selected: 'Toyota',
    });
  });
});
