import { QUICK_REPLY_DELAY_MS, quickRepliesFor, type ChatSide } from '@autoreel/core';
import { useEffect, useRef } from 'react';
import styles from './Chat.module.css';

/**
 * The first 4 quick replies of the car or generic set for the viewer's side (a buyer's questions, a seller's
 * answers); a tap sends after 100 ms (SPEC 4 and 9).
 */
export function QuickReplies({
  hasCar,
  side,
  onSend,
}: {
  hasCar: boolean;
  side: ChatSide;
  onSend: (text: string) => void;
}) {
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
    };
  }, []);
  return (
    <div className={styles.quickReplies} role="group" aria-label="Quick replies">
      {quickRepliesFor(hasCar, side).map((reply) => (
        <button
          key={reply.id}
          type="button"
          className={styles.quickReply}
          onClick={() => {
            const timer = setTimeout(() => {
              timers.current.delete(timer);
              onSend(reply.text);
            }, QUICK_REPLY_DELAY_MS);
            timers.current.add(timer);
          }}
        >
          {reply.text}
        </button>
      ))}
    </div>
  );
}
