import { CAR_MAKES } from '../../cars/index.ts';
import type { CatalogueMake } from './query-reader.ts';

/**
 * The catalogue models a read model takes in: the model itself and every model starting with it and a space, as
 * the search matches a model family ('Polo' takes Polo Vivo and Polo GTI, 'Land Cruiser' its Prado, 300 and 79).
 */
export function modelFamilyNames(
  make: string | undefined,
  model: string,
  catalogue: readonly CatalogueMake[] = CAR_MAKES,
): string[] {
  const wanted = model.toLowerCase();
  const makes = catalogue.filter((entry) => !make || entry.name.toLowerCase() === make.toLowerCase());
  const names = makes.flatMap((entry) =>
    entry.models
      .map((m) => m.name)
      .filter((name) => name.toLowerCase() === wanted || name.toLowerCase().startsWith(`${wanted} `)),
  );
  return [...new Set(names)];
}

/**
 * How a read model reads on its chip, so the buyer sees what was understood: the catalogue's name ('pajero' ->
 * 'Pajero Sport'), and for a family every model it takes ('Polo, Polo Vivo, Polo GTI'; 'Land Cruiser: Prado, 300,
 * 79').
 */
export function modelChipLabel(
  make: string | undefined,
  model: string,
  catalogue: readonly CatalogueMake[] = CAR_MAKES,
): string {
  const names = modelFamilyNames(make, model, catalogue);
  if (names.length <= 1) return names[0] ?? model;
  const exact = names.find((name) => name.toLowerCase() === model.toLowerCase());
  if (exact) return [exact, ...names.filter((name) => name !== exact)].join(', ');
  return `${model}: ${names.map((name) => name.slice(model.length + 1)).join(', ')}`;
}
