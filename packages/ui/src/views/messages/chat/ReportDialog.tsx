import { useMutation } from '@tanstack/react-query';
import { REPORT_REASON_MAX_LENGTH } from '@autoreel/core';
import { useState } from 'react';
import { useApi } from '../../../platform/ApiProvider.tsx';
import { useFormSubmit } from '../../../platform/useFormSubmit.ts';
import { Button } from '../../../kit/Button.tsx';
import { Dialog } from '../../../kit/Dialog.tsx';
import { reportConversation } from '../../../messaging/queries.ts';
import styles from './Chat.module.css';

export const REPORT_SENT = 'Report sent. Our team will review this conversation.';

/** Asks for a reason and files a report the API stores against the other participant. */
export function ReportDialog({
  conversationId,
  name,
  open,
  onOpenChange,
}: {
  conversationId: string;
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { client } = useApi();
  const [reason, setReason] = useState('');
  const report = useMutation({
    mutationFn: (text: string) => reportConversation(client, conversationId, text),
  });
  const { errors, failure, pending, send, refuse } = useFormSubmit(report, {
    fields: ['reason'],
    failure: { fallback: 'Could not send the report. Please try again.' },
    success: { title: REPORT_SENT, tone: 'success' },
    onSuccess: () => {
      setReason('');
      onOpenChange(false);
    },
  });
  // One line under the only input: the field's own message when the server named one.
  const error = errors.reason ?? failure;

  function submit() {
    if (reason.trim() === '') return refuse({ reason: 'Please tell us what went wrong' });
    send(reason.trim());
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Report ${name}?`}
      description="Tell us what happened. Our team reviews every report; the other person is not told who sent it."
    >
      <form
        className={styles.reportForm}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <label className={styles.reportLabel}>
          Reason
          <textarea
            value={reason}
            maxLength={REPORT_REASON_MAX_LENGTH}
            rows={4}
            onChange={(event) => setReason(event.target.value)}
            aria-invalid={error ? true : undefined}
          />
        </label>
        {error ? (
          <p className={styles.fieldError} role="alert">
            {error}
          </p>
        ) : null}
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" loading={pending}>
            Send report
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
