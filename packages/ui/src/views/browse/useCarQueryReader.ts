import { useEffect, useMemo, useState } from 'react';
import {
  carQueryFields,
  DEFAULT_CAR_SORT,
  type CarQuery,
  type CarQueryForm,
  type ReadCarQuery,
} from '@autoreel/core';

type Reader = (form: CarQueryForm) => ReadCarQuery;

/** Every car, newest first: what the list shows before a valid query was ever read. */
export const EVERY_CAR: CarQuery = { sort: DEFAULT_CAR_SORT };

let loaded: Reader | null = null;
let loading: Promise<Reader> | null = null;
const loadReader = () =>
  (loading ??= import('./read-car-query.ts').then(
    (module) => (loaded = module.readCarQuery),
    (error: unknown) => {
      loading = null; // a failed download is tried again on the next change
      throw error;
    },
  ));

/**
 * Until the reader is here an empty form is every car and a filled one waits (the list keeps what it shows); the
 * count of set filters needs no schema.
 */
function readBeforeRules(form: CarQueryForm): ReadCarQuery {
  const active = Object.keys(carQueryFields(form)).length;
  return { query: active === 0 ? EVERY_CAR : null, errors: {}, active };
}

/**
 * The browse form read as the car query GET /cars takes, by the same rules as the server. The rules build a
 * validation schema, a long task on a slow phone, so they load after the first screen has drawn.
 */
export function useCarQueryReader(form: CarQueryForm): ReadCarQuery {
  const [reader, setReader] = useState<Reader | null>(() => loaded);
  useEffect(() => {
    if (reader) return;
    let live = true;
    loadReader().then(
      (read) => live && setReader(() => read),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [reader, form]);
  return useMemo(() => (reader ? reader(form) : readBeforeRules(form)), [reader, form]);
}
