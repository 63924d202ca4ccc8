/** The symbol shown when a country has no currency of its own (SPEC 9: Eswatini's lilangeni shows as 'E'). */
export const DEFAULT_CURRENCY_SYMBOL = 'E';
