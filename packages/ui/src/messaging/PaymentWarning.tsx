import { useMutation } from '@tanstack/react-query';
import { PAYMENT_WARNING, paymentWarningOf } from '@autoreel/core';
import { Button } from '../kit/Button.tsx';
import { AlertIcon } from '../kit/icons.tsx';
import { useApi } from '../platform/ApiProvider.tsx';
import { reportPaymentRequest } from './queries.ts';
import styles from './Messaging.module.css';

export const PAYMENT_REPORTED = 'Reported. Our team will look at this conversation.';
export const PAYMENT_REPORT_FAILED = 'Could not send the report. Try again.';

/**
 * The warning under a received message that asks for money (core's paymentWarningOf): the one line of issue 28 and a
 * one-tap report. Nothing is drawn for other messages. Without a conversation id (a chat not yet stored) the report
 * button is left out.
 */
export function PaymentWarning({
  messageId,
  text,
  conversationId,
}: {
  messageId: string;
  text: string;
  conversationId: string | null;
}) {
  const { client } = useApi();
  const kind = paymentWarningOf(text);
  const report = useMutation({
    mutationFn: () => reportPaymentRequest(client, { messageId, kind: kind!, text }),
  });
  if (!kind) return null;
  return (
    <div className={styles.paymentWarning} role="note" aria-label="Payment warning">
      <p className={styles.paymentWarningText}>
        <AlertIcon size={16} />
        <span>{PAYMENT_WARNING}</span>
      </p>
      {conversationId ? (
        report.isSuccess ? (
          <p className={styles.paymentWarningDone} role="status">
            {PAYMENT_REPORTED}
          </p>
        ) : (
          <>
            <Button
              variant="secondary"
              size="sm"
              loading={report.isPending}
              onClick={() => report.mutate()}
              aria-label="Report this payment request"
            >
              Report
            </Button>
            {report.isError ? (
              <p className={styles.paymentWarningError} role="alert">
                {PAYMENT_REPORT_FAILED}
              </p>
            ) : null}
          </>
        )
      ) : null}
    </div>
  );
}
