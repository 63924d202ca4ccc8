import { fileSizeLabel } from '@autoreel/core';
import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { IconButton } from '../../../kit/Button.tsx';
import { CloseIcon, PaperclipIcon, SendIcon } from '../../../kit/icons.tsx';
import styles from './Chat.module.css';
import type { OutgoingFile } from '../../../messaging/outgoing-files.ts';

export interface ComposerProps {
  initialText: string;
  files: OutgoingFile[];
  onAttach: () => void;
  onRemoveFile: (id: string) => void;
  /** Sends; resolves false when the text and files should stay in the composer (the upload failed). */
  onSend: (text: string) => Promise<boolean>;
}

/** 'Type a message...' with attachments: Enter sends, Shift+Enter makes a newline (SPEC 5). */
export function Composer({ initialText, files, onAttach, onRemoveFile, onSend }: ComposerProps) {
  const [text, setText] = useState(initialText);
  const input = useRef<HTMLTextAreaElement>(null);
  // The box grows with its lines (up to its max-height, then scrolls), so a Shift+Enter newline stays in view.
  useLayoutEffect(() => {
    const box = input.current;
    if (!box) return;
    box.style.height = 'auto';
    // scrollHeight leaves out the border, which a border-box height includes.
    if (box.scrollHeight > 0)
      box.style.height = `${box.scrollHeight + box.offsetHeight - box.clientHeight}px`;
  }, [text]);
  const empty = text.trim() === '' && files.length === 0;

  async function submit() {
    if (empty) return;
    const sending = text;
    setText('');
    const sent = await onSend(sending);
    if (!sent) setText((current) => (current === '' ? sending : current));
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  }

  return (
    <form
      className={styles.composer}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {files.length > 0 ? (
        <ul className={styles.pending} aria-label="Attachments">
          {files.map((entry) => (
            <li key={entry.id} className={entry.previewUrl ? styles.pendingImage : styles.chip}>
              {entry.previewUrl ? (
                <img src={entry.previewUrl} alt={entry.file.name} />
              ) : (
                <span>
                  {entry.file.name} <small>{fileSizeLabel(entry.file.size)}</small>
                </span>
              )}
              <IconButton
                label={`Remove ${entry.file.name}`}
                size="sm"
                onClick={() => onRemoveFile(entry.id)}
              >
                <CloseIcon size={14} />
              </IconButton>
            </li>
          ))}
        </ul>
      ) : null}
      <div className={styles.composerRow}>
        <IconButton label="Attach files" onClick={onAttach}>
          <PaperclipIcon />
        </IconButton>
        <textarea
          ref={input}
          className={styles.input}
          placeholder="Type a message..."
          aria-label="Message"
          rows={1}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <IconButton label="Send message" type="submit" variant="solid" disabled={empty}>
          <SendIcon />
        </IconButton>
      </div>
    </form>
  );
}
