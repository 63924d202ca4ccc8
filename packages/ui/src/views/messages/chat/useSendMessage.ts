import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { inferMessageType, validateSend } from '@autoreel/core';
import { useApi } from '../../../platform/ApiProvider.tsx';
import { uploadMedia } from '../../../platform/upload-media.ts';
import {
  changeHistory,
  reconciled,
  withFailed,
  withLocalMessage,
  withUploadProgress,
  withoutMessage,
} from '../../../messaging/chat-history.ts';
import { openConversation, sendMessage } from '../../../messaging/queries.ts';
import { localId, typedName, type OutgoingFile } from '../../../messaging/outgoing-files.ts';

export type SendResult = 'sent' | 'failed' | 'upload-failed' | 'invalid';

interface Options {
  chatUserId: string;
  carId: string | null;
  myId: string;
}

/**
 * The send pipeline of SPEC 4/5/8: a local message shows 'Sending...'; files go first (conversation folder from
 * POST /messages/conversations, then one upload each through uploadMedia, which names the file in every FormData
 * implementation, with progress); an upload failure withdraws the message so the composer can keep the text; the
 * send carries an Idempotency-Key so a retried request stores one message. The local message's id is that key: the
 * answer and the stream echo it as `clientId`, and the cached history swaps the local copy for the server's by it.
 */
export function useSendMessage({ chatUserId, carId, myId }: Options) {
  const { client } = useApi();
  const queryClient = useQueryClient();
  const change = (update: Parameters<typeof changeHistory>[2]) =>
    changeHistory(queryClient, chatUserId, update);
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
            change(withUploadProgress(id, progress.reduce((a, b) => a + b, 0) / files.length));
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
    change(
      withLocalMessage({
        id,
        senderId: myId,
        receiverId: chatUserId,
        text: check.text,
        files: files.map((f) => ({ name: f.file.name, size: f.file.size, previewUrl: f.previewUrl })),
      }),
    );
    let keys: string[] = [];
    if (files.length > 0) {
      try {
        keys = await upload(id, files);
      } catch (error) {
        console.warn('Attachment upload failed', error);
        change(withoutMessage(id));
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
      change(reconciled(answer.message, answer.clientId));
      return 'sent';
    } catch (error) {
      console.warn('Message could not be sent', error);
      change(withFailed(id));
      return 'failed';
    }
  };
}
