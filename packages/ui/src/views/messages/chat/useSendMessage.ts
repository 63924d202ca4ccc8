import { useRef, type Dispatch } from 'react';
import { inferMessageType, validateSend } from '@autoreel/core';
import { useApi } from '../../../platform/ApiProvider.tsx';
import { uploadMedia } from '../../../platform/upload-media.ts';
import { openConversation, sendMessage } from '../../../messaging/queries.ts';
import type { ChatAction } from './chat-messages.ts';
import { localId, typedName, type OutgoingFile } from '../../../messaging/outgoing-files.ts';

export type SendResult = 'sent' | 'failed' | 'upload-failed' | 'invalid';

interface Options {
  chatUserId: string;
  carId: string | null;
  myId: string;
  dispatch: Dispatch<ChatAction>;
}

/**
 * The send pipeline of SPEC 4/5/8: a local message shows 'Sending...'; files go first (conversation folder from
 * POST /messages/conversations, then one upload each through uploadMedia, which names the file in every FormData
 * implementation, with progress); an upload failure withdraws the message so the composer can keep the text; the
 * send carries an Idempotency-Key so a retried request stores one message.
 */
export function useSendMessage({ chatUserId, carId, myId, dispatch }: Options) {
  const { client } = useApi();
  const folder = useRef<string | null>(null);

  async function uploadFolder(): Promise<string> {
    if (folder.current) return folder.current;
    const opened = await openConversation(client, { participantId: chatUserId, ...(carId ? { carId } : {}) });
    folder.current = opened.uploadFolder;
    return opened.uploadFolder;
  }

  async function upload(id: string, files: OutgoingFile[]): Promise<string[]> {
    const target = await uploadFolder();
    const progress = files.map(() => 0);
    return Promise.all(
      files.map(async (entry, index) => {
        const uploaded = await uploadMedia(client, entry.file.blob, entry.file.name, target, {
          onProgress: (fraction) => {
            progress[index] = fraction;
            dispatch({ type: 'progress', id, fraction: progress.reduce((a, b) => a + b, 0) / files.length });
          },
        });
        return uploaded.key;
      }),
    );
  }

  return async function send(text: string, files: OutgoingFile[]): Promise<SendResult> {
    const check = validateSend(text, files);
    if (!check.ok) return 'invalid';
    const id = localId('local');
    dispatch({
      type: 'sending',
      id,
      senderId: myId,
      receiverId: chatUserId,
      text: check.text,
      files: files.map((f) => ({ name: f.file.name, size: f.file.size, previewUrl: f.previewUrl })),
    });
    let keys: string[] = [];
    if (files.length > 0) {
      try {
        keys = await upload(id, files);
      } catch (error) {
        console.warn('Attachment upload failed', error);
        dispatch({ type: 'withdrawn', id });
        return 'upload-failed';
      }
    }
    try {
      const answer = await sendMessage(
        client,
        {
          receiverId: chatUserId,
          ...(check.text ? { message: check.text } : {}),
          ...(keys.length > 0 ? { attachments: keys } : {}),
          ...(carId ? { carId } : {}),
          messageType: inferMessageType(
            check.text,
            files.map((f) => typedName(f.file)),
          ),
          contactMethod: 'in_app',
        },
        id,
      );
      dispatch({ type: 'sent', id, message: answer.message });
      return 'sent';
    } catch (error) {
      console.warn('Message could not be sent', error);
      dispatch({ type: 'failed', id });
      return 'failed';
    }
  };
}
