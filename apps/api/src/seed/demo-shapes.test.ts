import { MODEL_TABLE, modelSpec } from '@autoreel/core';
import { describe, expect, it } from 'vitest';
import { exteriorSvg } from './demo-photos.ts';
import { demoShape, SHAPES_OF } from './demo-shapes.ts';

const shapeOf = (make: string, model: string) => demoShape(modelSpec(make, model));

describe('the demo drawings by segment', () => {
  it('tells a city hatch from a hot one, a single cab from a double cab, an off-roader from a crossover', () => {
    expect(shapeOf('Suzuki', 'Celerio')).toBe('city');
    expect(shapeOf('Volkswagen', 'Golf')).toBe('standard');
    expect(shapeOf('Volkswagen', 'Golf R')).toBe('hot');
    expect(shapeOf('Volkswagen', 'Polo GTI')).toBe('hot');
    expect(shapeOf('Isuzu', 'D-Max Single Cab')).toBe('single-cab');
    expect(shapeOf('Isuzu', 'D-Max Extended Cab')).toBe('extended-cab');
    expect(shapeOf('Toyota', 'Hilux')).toBe('standard');
    expect(shapeOf('Toyota', 'Land Cruiser 300')).toBe('off-road');
    expect(shapeOf('Chery', 'Tiggo 4 Pro')).toBe('crossover');
    expect(shapeOf('BMW', 'X7')).toBe('large');
    expect(shapeOf('Mercedes-Benz', 'S-Class')).toBe('executive');
    expect(shapeOf('Suzuki', 'Dzire')).toBe('compact');
    expect(shapeOf('Porsche', '911')).toBe('sports');
    expect(demoShape(undefined)).toBe('standard');
  });

  it("gives every model of the table one of its body type's shapes", () => {
    for (const spec of MODEL_TABLE) expect(SHAPES_OF[spec.bodyType]).toContain(demoShape(spec));
  });

  it("draws each shape's side view apart from its body type's standard, the front and rear alike", () => {
    for (const [bodyType, shapes] of Object.entries(SHAPES_OF) as [keyof typeof SHAPES_OF, string[]][]) {
      const sides = new Set(shapes.map((shape) => exteriorSvg('side', bodyType, '#B71C1C', shape as never)));
      expect(sides.size).toBe(shapes.length);
      for (const shape of shapes) {
        expect(exteriorSvg('front', bodyType, '#B71C1C', shape as never)).toBe(
          exteriorSvg('front', bodyType, '#B71C1C'),
        );
      }
    }
  });

  it('keeps every side view inside the picture', () => {
    for (const [bodyType, shapes] of Object.entries(SHAPES_OF) as [keyof typeof SHAPES_OF, string[]][]) {
      for (const shape of shapes) {
        const svg = exteriorSvg('side', bodyType, '#B71C1C', shape as never);
        const xs = [...svg.matchAll(/[ML](-?[\d.]+),(-?[\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
        for (const [x, y] of xs) {
          expect(x, `${bodyType} ${shape}`).toBeGreaterThanOrEqual(0);
          expect(x, `${bodyType} ${shape}`).toBeLessThanOrEqual(800);
          expect(y, `${bodyType} ${shape}`).toBeGreaterThanOrEqual(0);
          expect(y, `${bodyType} ${shape}`).toBeLessThanOrEqual(500);
        }
      }
    }
  });
});
