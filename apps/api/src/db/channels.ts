/**
 * The change log's wake-up channel: the trigger on cars (migration 0018) NOTIFYs it once per statement that changed
 * cars, in the writer's transaction, whoever writes (an API process, a script, psql). The catalogue index, the alerts
 * reader and the public answer cache follow it.
 */
export const CAR_CHANGES_CHANNEL = 'autoreel_car_changes';
