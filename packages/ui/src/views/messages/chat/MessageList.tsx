import { dayLabel, fileSizeLabel, isImageFile, isSameDay, SENDING_LABEL } from '@autoreel/core';
import type { MessageClientStatus } from '@autoreel/core';
import { useEffect, useRef } from 'react';
import { useApi } from '../../../platform/ApiProvider.tsx';
import { cx } from '../../../kit/cx.ts';
import { ResponsivePhoto } from '../../../cars/ResponsivePhoto.tsx';
import type { ChatMessage } from '../../../messaging/types.ts';
import { PaymentWarning } from '../../../messaging/PaymentWarning.tsx';
import styles from './Chat.module.css';

/** The status line under one's own messages (SPEC 3 client-side status). */
export const STATUS_LABELS: Record<MessageClientStatus, string> = {
  sending: SENDING_LABEL,
  sent: 'Sent',
  delivered: 'Delivered',
  read: 'Read',
  failed: 'Failed to send',
};

function clock(iso: string): string {
  const date = new Date(iso);
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}

/** The kind of a stored attachment, from its key's extension: the key itself is never shown. */
function storedKind(key: string): 'image' | 'document' {
  return isImageFile(key.split('?')[0] ?? key) ? 'image' : 'document';
}

/** How to reach the buyer, as a tidy card under their words (the Contact Dealer form). */
function ContactCard({ contact }: { contact: NonNullable<ChatMessage['contact']> }) {
  return (
    <dl className={styles.contactCard} aria-label={`Contact details of ${contact.name}`}>
      <dt>Name</dt>
      <dd>{contact.name}</dd>
      <dt>Phone</dt>
      <dd>
        <a href={`tel:${contact.phone}`}>{contact.phone}</a>
      </dd>
      {contact.email ? (
        <>
          <dt>Email</dt>
          <dd>
            <a href={`mailto:${contact.email}`}>{contact.email}</a>
          </dd>
        </>
      ) : null}
      {contact.testDrive ? (
        <>
          <dt>Test drive</dt>
          <dd>{contact.testDrive}</dd>
        </>
      ) : null}
    </dl>
  );
}

/** A photo's original file name and size, as a document's chip shows them; a long name is cut, whole in its title. */
function PhotoCaption({ name, size }: { name: string; size: number }) {
  return (
    <figcaption className={styles.photoCaption}>
      <span className={styles.fileName} title={name}>
        {name}
      </span>{' '}
      <small>{fileSizeLabel(size)}</small>
    </figcaption>
  );
}

function Attachments({ message }: { message: ChatMessage }) {
  const { assetUrl } = useApi();
  if (message.local) {
    return (
      <div className={styles.attachments}>
        {message.local.attachments.map((file, index) =>
          file.previewUrl ? (
            <figure key={index} className={styles.photo}>
              <img className={styles.attachmentImage} src={file.previewUrl} alt={file.name} />
              <PhotoCaption name={file.name} size={file.size} />
            </figure>
          ) : (
            <span key={index} className={styles.chip}>
              {file.name} <small>{fileSizeLabel(file.size)}</small>
            </span>
          ),
        )}
        {message.local.uploadProgress !== null && message.status === 'sending' ? (
          <progress
            className={styles.progress}
            value={message.local.uploadProgress}
            max={1}
            aria-label={`Uploading ${Math.round(message.local.uploadProgress * 100)}%`}
          />
        ) : null}
      </div>
    );
  }
  if (message.attachmentUrls.length === 0) return null;
  return (
    <div className={styles.attachments}>
      {message.attachmentUrls.map((url, index) => {
        const href = assetUrl(url) ?? url;
        const file = message.attachmentFiles?.[index];
        const kind = storedKind(message.attachmentKeys[index] ?? url);
        const name = file?.name ?? (kind === 'image' ? 'Photo' : 'Document');
        return kind === 'image' ? (
          <figure key={url} className={styles.photo}>
            <a href={href} target="_blank" rel="noreferrer">
              <ResponsivePhoto
                className={styles.attachmentImage}
                photo={message.attachmentPhotos?.[index]}
                fallbackSrc={href}
                sizes="12rem"
                alt={file ? `Attached image ${name}` : 'Attached image'}
                loading="lazy"
              />
            </a>
            {file ? <PhotoCaption name={file.name} size={file.size} /> : null}
          </figure>
        ) : (
          <a key={url} className={styles.chip} href={href} target="_blank" rel="noreferrer" download={name}>
            {name} {file ? <small>{fileSizeLabel(file.size)}</small> : null}
          </a>
        );
      })}
    </div>
  );
}

/**
 * Messages oldest first with 'Today'/'Yesterday'/date separators; one's own carry their status, and a received one
 * that asks for money carries the payment warning. The scroll anchor that keeps the newest message in view sits
 * after the list, not inside it: a list holds only its items.
 */
export function MessageList({
  messages,
  myId,
  now,
  conversationId = null,
}: {
  messages: ChatMessage[];
  myId: string;
  now: Date;
  /** The stored conversation, which the warning's report names; null while the chat is not stored yet. */
  conversationId?: string | null;
}) {
  const end = useRef<HTMLDivElement>(null);
  const last = messages.at(-1);
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [last?.id, last?.status]);

  return (
    <>
      <ol className={styles.messages} aria-label="Messages">
        {messages.map((message, index) => {
          const previous = messages[index - 1];
          const mine = message.senderId === myId;
          const newDay = !previous || !isSameDay(previous.createdAt, message.createdAt);
          return (
            <li key={message.id} className={styles.messageItem}>
              {newDay ? (
                <div
                  className={styles.daySeparator}
                  role="separator"
                  aria-label={dayLabel(message.createdAt, now)}
                >
                  <span>{dayLabel(message.createdAt, now)}</span>
                </div>
              ) : null}
              <div
                className={cx(styles.bubble, mine ? styles.mine : styles.theirs)}
                data-status={message.status}
              >
                <Attachments message={message} />
                {message.message ? <p className={styles.text}>{message.message}</p> : null}
                {message.contact ? <ContactCard contact={message.contact} /> : null}
                <span className={styles.meta}>
                  <time dateTime={message.createdAt}>{clock(message.createdAt)}</time>
                  {mine ? (
                    <span className={cx(styles.status, message.status === 'failed' && styles.failed)}>
                      {STATUS_LABELS[message.status]}
                    </span>
                  ) : null}
                </span>
              </div>
              {!mine && message.message ? (
                <PaymentWarning
                  messageId={message.id}
                  text={message.message}
                  conversationId={conversationId}
                />
              ) : null}
            </li>
          );
        })}
      </ol>
      <div ref={end} />
    </>
  );
}
