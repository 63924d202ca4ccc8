import { useEffect, useId, useState, type FormEvent } from 'react';
import {
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  WHATSAPP_NOTIFICATION_KINDS,
  isTimeZone,
  type NotificationSettings,
} from '@autoreel/core';
import { Button } from '../../kit/Button.tsx';
import { useHost } from '../../platform/HostContext.tsx';
import { useNotificationSettings, useSaveNotificationSettings } from './useNotificationSettings.ts';
import { useRequestPushAfterGesture, useStopPush } from './usePushAfterGesture.ts';
import styles from './NotificationSettings.module.css';

/** The device's own zone, which quiet hours are read in once saved from it. */
function deviceTimeZone(fallback: string): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isTimeZone(zone) ? zone : fallback;
}

/**
 * Settings > Notifications: per kind, push and (for messages) WhatsApp; quiet hours in the device's time zone; and
 * push on this device, switched on by a tap here (the browser's question follows that tap, never a page load).
 */
export function NotificationSettingsForm() {
  const host = useHost();
  const loaded = useNotificationSettings();
  const save = useSaveNotificationSettings();
  const requestPush = useRequestPushAfterGesture();
  const stopPush = useStopPush();
  // The buyer's edits, over the saved settings (in this device's time zone) until the first one.
  const [edited, setDraft] = useState<NotificationSettings | null>(null);
  const draft =
    edited ?? (loaded.data ? { ...loaded.data, timeZone: deviceTimeZone(loaded.data.timeZone) } : null);
  const [pushOn, setPushOn] = useState<boolean | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const quietId = useId();

  useEffect(() => {
    let live = true;
    void host.push
      ?.current()
      .then(
        (subscription) => live && setPushOn(subscription !== null && host.push?.permission() === 'granted'),
      )
      .catch(() => live && setPushOn(false));
    return () => {
      live = false;
    };
  }, [host]);

  if (loaded.isError) return <p role="alert">Could not load your notification settings.</p>;
  if (!draft) return <p aria-busy="true">Loading…</p>;

  const toggle = (kind: (typeof NOTIFICATION_KINDS)[number], channel: 'push' | 'whatsapp') =>
    setDraft({
      ...draft,
      channels: {
        ...draft.channels,
        [kind]: { ...draft.channels[kind], [channel]: !draft.channels[kind][channel] },
      },
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    save.mutate(draft, {
      onSuccess: () => setNotice('Notification settings saved'),
      onError: () => setNotice('Could not save your notification settings'),
    });
  };
  const permission = host.push?.permission() ?? 'unsupported';

  return (
    <form className={styles.form} onSubmit={submit} aria-label="Notification settings">
      <h2 className={styles.title}>Notifications</h2>
      <p className={styles.muted}>Everything also appears in the app. Choose what reaches you elsewhere.</p>
      {host.push ? (
        <div className={styles.device}>
          <span>
            {pushOn
              ? 'This device receives push notifications.'
              : permission === 'denied'
                ? 'Notifications are blocked for this site in your browser settings.'
                : 'This device does not receive push notifications.'}
          </span>
          {permission !== 'denied' && permission !== 'unsupported' ? (
            <Button
              type="button"
              variant="secondary"
              onClick={() => {
                if (pushOn) void stopPush().then(() => setPushOn(false));
                else void requestPush().then(setPushOn);
              }}
            >
              {pushOn ? 'Turn off on this device' : 'Turn on for this device'}
            </Button>
          ) : null}
        </div>
      ) : null}
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">Notify me of</th>
            <th scope="col">Push</th>
            <th scope="col">WhatsApp</th>
          </tr>
        </thead>
        <tbody>
          {NOTIFICATION_KINDS.map((kind) => (
            <tr key={kind}>
              <th scope="row">{NOTIFICATION_KIND_LABELS[kind]}</th>
              <td>
                <input
                  type="checkbox"
                  aria-label={`${NOTIFICATION_KIND_LABELS[kind]} by push`}
                  checked={draft.channels[kind].push}
                  onChange={() => toggle(kind, 'push')}
                />
              </td>
              <td>
                {WHATSAPP_NOTIFICATION_KINDS.includes(kind) ? (
                  <input
                    type="checkbox"
                    aria-label={`${NOTIFICATION_KIND_LABELS[kind]} on WhatsApp`}
                    checked={draft.channels[kind].whatsapp}
                    onChange={() => toggle(kind, 'whatsapp')}
                  />
                ) : (
                  <span className={styles.muted}>–</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <fieldset className={styles.quiet}>
        <legend>Quiet hours</legend>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={draft.quietHours !== null}
            onChange={() =>
              setDraft({ ...draft, quietHours: draft.quietHours ? null : { start: '22:00', end: '07:00' } })
            }
          />
          Hold push and WhatsApp during these hours
        </label>
        {draft.quietHours ? (
          <div className={styles.times}>
            <label htmlFor={`${quietId}-start`}>From</label>
            <input
              id={`${quietId}-start`}
              type="time"
              required
              value={draft.quietHours.start}
              onChange={(event) =>
                draft.quietHours &&
                setDraft({ ...draft, quietHours: { ...draft.quietHours, start: event.target.value } })
              }
            />
            <label htmlFor={`${quietId}-end`}>to</label>
            <input
              id={`${quietId}-end`}
              type="time"
              required
              value={draft.quietHours.end}
              onChange={(event) =>
                draft.quietHours &&
                setDraft({ ...draft, quietHours: { ...draft.quietHours, end: event.target.value } })
              }
            />
          </div>
        ) : null}
        <p className={styles.muted}>Time zone: {draft.timeZone}</p>
      </fieldset>
      <Button type="submit" disabled={save.isPending}>
        Save notification settings
      </Button>
      {notice ? (
        <p role="status" className={styles.muted}>
          {notice}
        </p>
      ) : null}
    </form>
  );
}
